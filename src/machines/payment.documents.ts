/**
 * Issue 32 point 2, 'uploaded by a guardian … during registration or later from /payments': the payment flow's
 * documents step (payment.machine.ts spreads these states; kept here so the chart stays under 450 lines). After a
 * checkout that registered an athlete (or a family's athletes) on a team that requires documents (the payment data's
 * `team.required_documents`), the family sees the new memberships' documents and uploads them, or leaves them for
 * later ('Documents needed' on /payments, as before). A team that requires none goes on to the claimed page as it
 * always did. The step is family-documents.machine.ts itself, invoked as a child with a scope (the team and the
 * athletes just registered); its code loads only when the flow reaches it (payment.children.ts), given by the page
 * (src/routes/payment.page.tsx; /draft never pays, so gives none).
 */
import type { DocumentScope, FamilyDocumentsInput } from './family-documents.machine';
import type { PaymentContext } from './payment.context';
import { childCodeStates } from './payment.states';

type Context = { context: PaymentContext };

/** The documents the team paid for requires (none on a draft, or from an older server). */
export function requiredDocumentsOf(context: PaymentContext): readonly string[] {
  return context.data?.team?.required_documents ?? [];
}

/**
 * The memberships just registered: the page's team, and the family checkout's athletes or the one paid for (the
 * payment data's athlete, else the payer paying for themselves). Null without a team.
 */
export function documentScopeOf(context: PaymentContext): DocumentScope | null {
  const teamId = context.data?.team?.id;
  if (teamId === undefined) return null;
  const household = context.household?.athletes.map((athlete) => athlete.id) ?? [];
  const single = context.data?.athlete?.id ?? context.user?.id;
  return { teamId, athleteIds: household.length > 0 ? household : single === undefined ? [] : [single] };
}

function documentsInput(context: PaymentContext): FamilyDocumentsInput {
  // Never every document of the household: without a scope, a team no one can match.
  return { scope: documentScopeOf(context) ?? { teamId: 0, athleteIds: [] } };
}

export function documentsStates() {
  return {
    paid: {
      description:
        'Spec §4, issue 32 point 2: paid; a team that requires documents asks for them before the claimed page.',
      always: [
        {
          guard: 'needsDocuments',
          target: 'documents',
          description: "Issue 32 point 2: the team requires documents ('Proof of age', or the club's own).",
        },
        { target: 'toClaimed' },
      ],
    },
    documents: {
      description:
        'Spec §4, issue 32 point 2: the documents the new memberships require, uploaded now (PNG, JPEG or PDF up to ' +
        "10 MB) or later from /payments ('Documents needed' until verified); then the claimed page.",
      initial: 'loading',
      states: childCodeStates('familyDocumentsCode', {
        description:
          "Spec §4, issue 32 point 2: family-documents.machine.ts with the new memberships' documents (its own states: loading, ready, uploading).",
        on: {
          FINISH_DOCUMENTS: {
            target: '#payment.toClaimed',
            description:
              "Spec §4: 'Continue', or 'Upload later' (the family uploads from /payments), to the claimed page with the confirmation.",
          },
        },
        invoke: {
          id: 'familyDocuments',
          src: 'familyDocuments',
          input: ({ context }: Context) => documentsInput(context),
        },
      }),
    },
  } as const;
}
