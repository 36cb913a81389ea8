/**
 * Issue 34 point 1, the payment flow's states for financial assistance (kept beside payment.machine.ts so its chart
 * stays under 450 lines): 'Need help paying?' on step 1 (where the organization offers assistance and the athlete has
 * not asked this season) runs 'Request financial assistance' (assistance-request.machine.ts, a child whose code loads
 * only then: payment.children.ts), and once sent the page says 'We sent your request to {organization}. We will
 * e-mail you when they decide.'; the registration is saved at step 1 (payment.persist.ts), where the family comes back
 * to it. payment.setup.ts's setup() names every guard, action and actor these use.
 */
import { and, not } from 'xstate';
import type { AssistanceRequestOutput } from './assistance-request.machine';
import { assistanceInput, type PaymentContext } from './payment.context';
import { childCodeStates } from './payment.states';

type Context = { context: PaymentContext };
type AssistanceDone = { event: { output: AssistanceRequestOutput } };

/** Step 1's 'Need help paying?' (never on the preview). */
export const askAssistance = {
  guard: and([not('isPreview'), 'offersAssistance']),
  target: '#payment.askingAssistance',
  description:
    "§4 Payment flow, issue 34 point 1: 'Need help paying?' where the organization offers financial assistance and the athlete has " +
    'no request this season: the request form.',
} as const;

export function assistanceStates() {
  return {
    askingAssistance: {
      description:
        "§4 Payment flow, issue 34 point 1: 'Request financial assistance' (its code loads now), with the team and the organization.",
      initial: 'loading',
      states: childCodeStates('assistanceRequestCode', {
        description: "§4 Payment flow, issue 34 point 1: the request form, then 'Send request'.",
        invoke: {
          id: 'assistanceRequest',
          src: 'assistanceRequest',
          input: ({ context }: Context) => assistanceInput(context),
          onDone: [
            {
              guard: { type: 'assistanceSent', params: ({ event }: AssistanceDone) => event.output },
              target: '#payment.assistanceSent',
              description:
                '§4 Payment flow, issue 34 point 1: sent: the page says so; the registration is saved at step 1.',
            },
            {
              target: '#payment.choosingPlan',
              description: "§4 Payment flow, issue 34 point 1: 'Back': step 1 as it was.",
            },
          ],
        },
      }),
    },
    assistanceSent: {
      description:
        "§4 Payment flow, issue 34 point 1: 'We sent your request to {organization}. We will e-mail you when they decide.' The seat " +
        'stays held while it waits; the registration is saved at step 1.',
      on: {
        BACK: {
          target: 'loadingPlans',
          actions: { type: 'reloadFor', params: { step: 'choosingPlan' } },
          description:
            '§4 Payment flow, issue 34 point 1: back to the payment options, loaded again: they show the request waiting (the family ' +
            'may still pay without help).',
        },
      },
    },
  } as const;
}
