/**
 * The card steps of the one card payment (card-payment.machine.ts, which the one-athlete payment, the family checkout
 * and update card invoke): the card form's submit and confirm, the look-up of a returned intent, and the chart of the
 * way back from the provider's 3-D Secure page (`returningFromProvider`). The machine names these in its setup();
 * each parent's variant swaps its calls (checkout, checkout-success) by `.provide()`.
 */
import { fromPromise } from 'xstate';
import type { ReturnedPayment } from '../domain/payment-return';
import type {
  BillingDetails,
  CardError,
  CardFormHandle,
  CardResult,
  SetupFormHandle,
} from '../providers/card-payments/types';
import { CARD_TEXTS, type ShownText } from './payment-texts';

/** The mounted card form: a payment's (Pay Now), or a card saved for later charges (update card: setup only). */
export type CardForm = CardFormHandle | SetupFormHandle;

export interface ConfirmCardInput {
  card: CardForm | null;
  clientSecret: string | null;
  /** Set when checkout answered a SetupIntent (nothing due today): the card confirms it instead of a payment. */
  setupIntentId: string | null;
  billing: BillingDetails | null;
  returnUrl: string;
}

/**
 * §8 card form: card and validation errors show the provider's message, anything else (an API, network or rate-limit
 * error of the provider) 'An unexpected error occured.'. Stripe's message is already in the language in use (the
 * Elements locale) and is held as it came; the sandbox's carries its catalogue message (`text`), held as a message.
 */
export function cardErrorText(error: CardError | undefined): ShownText {
  if (error === undefined || (error.type !== 'card_error' && error.type !== 'validation_error')) {
    return CARD_TEXTS.unexpectedError;
  }
  if (error.text !== undefined) return error.text;
  return error.message !== undefined && error.message.trim() !== '' ? error.message : CARD_TEXTS.unexpectedError;
}

/** Provider actors (not our API, so not settleUnlessAborted): the card form's own submit and confirm. */
export const submitCard = fromPromise<{ error?: CardError | undefined }, { card: CardForm | null }>(({ input }) => {
  if (input.card === null) return Promise.reject(new Error('No card form to submit.'));
  return input.card.submit();
});

export const confirmCard = fromPromise<CardResult, ConfirmCardInput>(({ input }) => {
  if (input.card === null || input.clientSecret === null) {
    return Promise.reject(new Error('No card form or client secret to confirm with.'));
  }
  const request = { clientSecret: input.clientSecret, billingDetails: input.billing, returnUrl: input.returnUrl };
  if (input.setupIntentId === null) {
    if (!('confirm' in input.card)) return Promise.reject(new Error('A form that saves a card confirms no payment.'));
    return input.card.confirm(request);
  }
  // The saved card's SetupIntent reads as the payment it stands for: its id and status.
  return input.card
    .confirmSetup(request)
    .then((result) => (result.setupIntent ? { paymentIntent: result.setupIntent } : { error: result.error }));
});

/**
 * The card provider is the page's to give (/payment: src/providers/card-payments/payment.actors.ts), so the machines
 * carry no card code; without one a return cannot be looked up.
 */
export const retrievePaymentIntent = fromPromise<CardResult, ReturnedPayment>(() =>
  Promise.reject(new Error('This page has no card provider.')),
);

/** The guard the charts ask of a card result: the intent's status is this one. */
export function intentIs(_: unknown, params: { result: CardResult; status: string }): boolean {
  return params.result.paymentIntent?.status === params.status;
}

/** The done event of the look-up, as the params functions below read it. */
type DoneWith = { event: { output: CardResult } };

/** A transition of the return's chart: where it goes in the machine and the action it runs on the way. */
interface Step<Target extends string, Action extends string> {
  target: Target;
  actions: Action | readonly Action[];
}

/**
 * The state of the way back from the provider's page (spec §4, §8), for a machine that names in its setup() the
 * actor `retrievePaymentIntent`, the guards `returnedPaid` (the provider says paid and the machine can record it),
 * `savesCardOnly` and `intentIs`, the action `showMessage` and the delay `paymentMessage` (§9: 5 seconds). The
 * provider says how the intent ended: paid goes to `recorded` (which records it); a saved card's intent that did not
 * succeed (or could not be looked up) goes to `notConfirmed` at once with 'Your card could not be confirmed…';
 * processing looks again after 5 seconds; anything else shows its §8 text for 5 seconds (or until Try again) and goes
 * to `retry`. `recordFailed` is where the machine's recording sends a failure; RETRY there goes to `recordAgain`.
 */
export function returningFromProvider<
  const PaidTarget extends string,
  const PaidAction extends string,
  const RetryTarget extends string,
  const RecordTarget extends string,
  const RecordAction extends string,
  const NotConfirmedTarget extends string,
  const RetryAction extends string = never,
>(steps: {
  description: string;
  recorded: Step<PaidTarget, PaidAction>;
  retry: { target: RetryTarget; actions?: RetryAction | readonly RetryAction[] };
  recordAgain: Step<RecordTarget, RecordAction>;
  notConfirmed: { target: NotConfirmedTarget };
}) {
  const notConfirmed = {
    guard: 'savesCardOnly',
    target: steps.notConfirmed.target,
    actions: { type: 'showMessage', params: { message: CARD_TEXTS.notConfirmed } },
  } as const;
  return {
    description: steps.description,
    initial: 'retrievingIntent',
    states: {
      retrievingIntent: {
        tags: ['busy'],
        description: 'Spec §4 Card payment: after return from the provider, its result is looked up.',
        invoke: {
          id: 'paymentIntent',
          src: 'retrievePaymentIntent',
          input: ({ context }: { context: { returned: ReturnedPayment | null } }) => {
            if (context.returned === null) throw new Error('Not a return from the card provider.');
            return context.returned;
          },
          onDone: [
            { guard: { type: 'returnedPaid', params: ({ event }: DoneWith) => event.output }, ...steps.recorded },
            notConfirmed,
            {
              guard: {
                type: 'intentIs',
                params: ({ event }: DoneWith) => ({ result: event.output, status: 'processing' }),
              },
              target: 'processing',
              actions: { type: 'showMessage', params: { message: CARD_TEXTS.processing } },
            },
            {
              guard: {
                type: 'intentIs',
                params: ({ event }: DoneWith) => ({ result: event.output, status: 'requires_payment_method' }),
              },
              target: 'failed',
              actions: { type: 'showMessage', params: { message: CARD_TEXTS.notSuccessful } },
            },
            {
              target: 'failed',
              actions: { type: 'showMessage', params: { message: CARD_TEXTS.somethingWentWrongDot } },
            },
          ],
          onError: [
            notConfirmed,
            {
              target: 'failed',
              actions: { type: 'showMessage', params: { message: CARD_TEXTS.somethingWentWrongDot } },
            },
          ],
        },
      },
      processing: {
        description: "Spec §8: 'Your payment is processing.': looked up again after 5 seconds until it settles.",
        after: { paymentMessage: { target: 'retrievingIntent' } },
      },
      failed: {
        description:
          'Spec §8: not successful, or something went wrong: after 5 seconds (or at once) the payer tries again.',
        after: { paymentMessage: steps.retry },
        on: { CONTINUE: steps.retry },
      },
      recordFailed: {
        description: 'Spec §8 general mapping: recording checkout-success failed; the payer may try again.',
        on: { RETRY: steps.recordAgain },
      },
    },
  } as const;
}
