/**
 * What the payment flow saves of itself and how a saved payment is read back (issue 21; issue 30 point 3): the
 * machine's persisted snapshot (stripped of secrets by src/session/progress.ts) at step 1 (the payment options),
 * injury protection and checkout (Pay Now in progress is saved as checkout: a reload returns there, and the server's
 * status says whether it was paid), with the licence, the athlete, the plan, protection and the applied discount
 * code. A family checkout ('Add another athlete') is not saved. The resume point becomes the machine's `resume`
 * input (payment.context.ts), so every server answer is asked again.
 *
 * Older shapes: none yet. A snapshot of another machine version (a state added, renamed or removed) is discarded
 * with the quiet notice; renaming a context field read here keeps a reader of its older shape in `older`.
 * Proof: payment.persist.test.ts (the real machine's snapshot at every saved step round-trips to the same input), and
 * model-tests/payment.model.test.tsx (every reachable state).
 */
import { z } from 'zod/mini';
import {
  contextShape,
  declareProgress,
  type ResumePoint,
  savedSnapshot,
  type TopStateOf,
} from '../session/progress-declaration';
import type { PaymentContext, PaymentResume } from './payment.context';
import { paymentMachine } from './payment.machine';

export type PaymentStep = PaymentResume['step'];

/** A saved payment's resume point: the step and the choices it resumes with. */
export interface PaymentResumePoint extends ResumePoint<'payment', PaymentStep> {
  planMonth: number | null;
  includeProtection: boolean;
  discountCode: string | null;
}

/** The final state of a payment made (or found made): the server deleted its row, the tab drops its copy. */
const PAID: TopStateOf<typeof paymentMachine> = 'toClaimed';

/** The context fields read back, each checked against PaymentContext. */
const context = contextShape<PaymentContext>()({
  user: z.nullable(z.object({ license: z.nullable(z.object({ license_code: z.string() })) })),
  data: z.nullable(z.object({ athlete: z.optional(z.nullable(z.object({ id: z.number() }))) })),
  selectedPlanMonth: z.nullable(z.number()),
  includeProtection: z.boolean(),
  discount: z.nullable(z.object({ code: z.string() })),
  household: z.optional(z.nullable(z.unknown())),
});

export const paymentProgress = declareProgress<PaymentResumePoint, { resume: PaymentResume }>()({
  flow: 'payment',
  versionOf: [paymentMachine],
  // The machine's states a payment is saved at, and the step each resumes at. Pay Now in progress returns to
  // checkout, where the server's status says whether it was paid.
  // Issue 34 point 1: a request for financial assistance sent is saved at step 1, where the family comes back to it.
  savedAt: {
    choosingPlan: 'choosingPlan',
    protection: 'protection',
    checkout: 'checkout',
    paying: 'checkout',
    assistanceSent: 'choosingPlan',
    // Issue 34 point 4: recording a registration by check or cash returns to checkout, as Pay Now does.
    recordingCheckOrCash: 'checkout',
  },
  context,
  saved: savedSnapshot(context, {}),
  point: ({ context }, step) => {
    const license = context.user?.license?.license_code ?? null;
    if (license === null || (context.household ?? null) !== null) return null;
    return {
      flow: 'payment',
      license,
      step,
      athleteId: context.data?.athlete?.id ?? null,
      planMonth: context.selectedPlanMonth,
      includeProtection: context.includeProtection,
      discountCode: context.discount?.code ?? null,
    };
  },
  steps: ['choosingPlan', 'protection', 'checkout'],
  inputOf: ({ step, planMonth, includeProtection, discountCode }) => ({
    resume: { step, planMonth, includeProtection, discountCode },
  }),
  completed: (snapshot) => snapshot.status === 'done' && snapshot.value === PAID,
});
