/**
 * Parts of the payment flow's chart (payment.machine.ts), kept beside it so the chart stays under 450 lines: the states
 * that run the children the page gives (payment.setup.ts `notProvided`): one card payment (`paying`: Pay Now, or the
 * return from 3-D Secure), the athlete steps of 'Add another athlete' and the family checkout (issue 20), each mapping
 * its child's exits; and the preview's quiet reload on a step. payment.setup.ts's setup() names every guard, action
 * and actor they use.
 */

import type { PaymentData } from '../api/payment-data.schemas';
import type { AthleteStepsOutput } from './athlete-steps.machine';
import type { CardPaymentExit } from './card-payment.machine';
import type { HouseholdCheckoutExit } from './household-checkout.context';
import {
  cardPaymentInput,
  householdInput,
  licenceCode,
  type PaymentContext,
  plansRequest,
  type ReloadStep,
} from './payment.context';

type Context = { context: PaymentContext };
type CardDone = { event: { output: CardPaymentExit } };
type AthleteStepsDone = { event: { output: AthleteStepsOutput } };
type HouseholdDone = { event: { output: HouseholdCheckoutExit } };

export function childStates() {
  return {
    paying: {
      tags: ['busy'],
      description:
        'Spec §4 Card payment: Pay Now in progress, or the return from the provider (3-D Secure); PAY is not handled ' +
        'here, so a double click cannot charge twice.',
      invoke: {
        id: 'cardPayment',
        src: 'cardPayment',
        input: ({ context }: Context) => cardPaymentInput(context),
        onDone: [
          {
            guard: { type: 'exited', params: ({ event }: CardDone) => ({ exit: event.output, is: 'paid' as const }) },
            target: 'paid',
            actions: { type: 'storeConfirmation', params: ({ event }: CardDone) => event.output },
            description:
              'Spec §4, issue 19.1: on to the claimed page at once, with the receipt (or that a second payment was ' +
              'refunded) to show at its top; paid already (another tab, a repeated Pay Now): nothing new to confirm. ' +
              'Issue 32 point 2: a team that requires documents asks for them first.',
          },
          {
            guard: { type: 'exited', params: ({ event }: CardDone) => ({ exit: event.output, is: 'retry' as const }) },
            target: 'checkingStatus',
            actions: 'forgetReturn',
            description: 'Spec §8: after an unsuccessful return the payment options load again.',
          },
          {
            guard: { type: 'waiverChanged', params: ({ event }: CardDone) => event.output },
            target: 'rereadingWaiver',
            actions: { type: 'askWaiverAgain', params: ({ event }: CardDone) => event.output },
            description:
              'Issue 32 point 3: the waiver changed since it was shown (422 on waiver_version): nothing was charged; ' +
              'the new text is loaded and the agreement asked again.',
          },
          {
            target: 'checkout.ready.message',
            actions: { type: 'showOutcome', params: ({ event }: CardDone) => event.output },
            description: 'Spec §8: a card message or checkout failure, shown on the checkout step.',
          },
        ],
      },
    },
    rereadingWaiver: {
      tags: ['busy'],
      description:
        'Spec §5, issue 32 point 3: Pay Now was refused because the owner changed the waiver while the page was open (nothing ' +
        'charged): the payment data loads again with the new text and its version; checkout then shows the new text, ' +
        'unticked, with the server\'s "The waiver has changed…", and Pay Now sends the new version once agreed.',
      invoke: {
        id: 'paymentPlans',
        src: 'paymentPlans',
        input: ({ context }: Context) => plansRequest(context),
        onDone: {
          target: 'plansLoaded',
          actions: {
            type: 'storeData',
            params: ({ event }: { event: { output: PaymentData } }) => ({ data: event.output }),
          },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberLoadError', params: ({ event }: { event: { error: unknown } }) => event },
        },
      },
    },
    addingAthlete: {
      description:
        "Spec §4, issue 20 point 1: 'Add another athlete': the athlete steps with the page's licence (pick or create, " +
        'membership check, claim); Back returns to step 1 unchanged.',
      initial: 'loading',
      states: childCodeStates('athleteStepsCode', {
        description: "Spec §4, issue 20 point 1: the athlete steps, with the page's licence.",
        invoke: {
          id: 'athleteSteps',
          src: 'athleteSteps',
          input: ({ context }: Context) => ({ license: licenceCode(context) ?? null, opensAt: 'athleteList' as const }),
          onDone: [
            {
              guard: { type: 'addsAthlete', params: ({ event }: AthleteStepsDone) => event.output },
              target: '#payment.household',
              actions: { type: 'startHousehold', params: ({ event }: AthleteStepsDone) => event.output },
              description: 'Another athlete: the payment page becomes the family checkout.',
            },
            { target: '#payment.choosingPlan', description: 'Back, or the same athlete again: step 1 as it was.' },
          ],
        },
      }),
    },
    household: {
      description:
        'Spec §4, issue 20: the family checkout (household-checkout.machine.ts) with the first athlete and the added one, or ' +
        'its 3-D Secure return.',
      initial: 'loading',
      states: childCodeStates('householdCheckoutCode', {
        description: 'Spec §4, issue 20: the family checkout, with both athletes, or its 3-D Secure return.',
        invoke: {
          id: 'householdCheckout',
          src: 'householdCheckout',
          input: ({ context }: Context) => householdInput(context),
          onDone: [
            {
              guard: {
                type: 'householdExited',
                params: ({ event }: HouseholdDone) => ({ exit: event.output, is: 'paid' as const }),
              },
              target: '#payment.paid',
              actions: { type: 'storeHouseholdConfirmation', params: ({ event }: HouseholdDone) => event.output },
              description:
                'Paid: the claimed page with the confirmation of every athlete (issue 32 point 2: after the documents ' +
                'step when the team requires documents).',
            },
            {
              guard: {
                type: 'householdExited',
                params: ({ event }: HouseholdDone) => ({ exit: event.output, is: 'retry' as const }),
              },
              target: '#payment.checkingStatus',
              actions: ['forgetReturn', 'endHousehold'],
              description: '§8: after an unsuccessful return the payment page loads again.',
            },
            {
              target: '#payment.loadingPlans',
              actions: ['endHousehold', { type: 'reloadFor', params: { step: 'choosingPlan' } }],
              description:
                'Back from the family checkout: step 1 for the payer now stored (the athlete steps stored the added ' +
                "athlete's token), loaded again so plans and payment are that athlete's.",
            },
          ],
        },
      }),
    },
  } as const;
}

/**
 * Issue 30 point 6: the substates of a child whose code loads only when the flow reaches it (payment.children.ts):
 * `loading` its code, `failed` (the payer may try again), then `running`, the child itself.
 */
export function childCodeStates<
  TCode extends 'athleteStepsCode' | 'householdCheckoutCode' | 'familyDocumentsCode' | 'assistanceRequestCode',
  const TRunning,
>(code: TCode, running: TRunning) {
  return {
    loading: {
      tags: ['busy'],
      description: 'Spec §4, issue 30 point 6: its code loads now (a first visit to the page does not fetch it).',
      invoke: {
        id: code,
        src: code,
        onDone: { target: 'running' },
        onError: { target: 'failed', actions: 'rememberCodeNotLoaded' },
      },
    },
    failed: {
      description: 'Spec §8: its code could not be fetched; the payer may try again.',
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    running,
  } as const;
}

/** Spec §4 /draft: the draft channel's 'updated' event reloads the preview quietly, on the step it is on. */
export function reloadOnDraftUpdate(step: Exclude<ReloadStep, null>) {
  return {
    guard: 'isPreview',
    target: '#payment.loadingPlans',
    actions: { type: 'reloadFor', params: { step } },
    description: "Spec §4: the draft channel's 'updated' event reloads the preview quietly, on this step.",
  } as const;
}
