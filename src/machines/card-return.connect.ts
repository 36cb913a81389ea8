/**
 * The 3-D Secure return screen's view model, for the card payment (card-payment.machine.ts, whose `returning` state is
 * card-steps.ts's `returningFromProvider`) that both the payment flow and the family checkout invoke as `cardPayment`:
 * payment.connect.ts and household-checkout.connect.ts hand its actor to the views. Its own module, so the pages that
 * never pay (/draft) load no card code (the machine's type only).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { cardPaymentMachine } from './card-payment.machine';
import type { ShownText } from './payment-texts';

export type CardPaymentActorRef = ActorRefFrom<typeof cardPaymentMachine>;
export type CardPaymentSnapshot = SnapshotFrom<typeof cardPaymentMachine>;

/**
 * What the return screen shows (§4/§8): checking, the result message, and which 'Try again' it offers. The texts are
 * catalogue messages, or the provider's or server's text; the view says them in the language in use.
 */
export interface ReturnNotice {
  checking: boolean;
  message: ShownText | null;
  error: ShownText | null;
  /** After a failed or unknown result: CONTINUE (back to the payment options now). */
  canTryAgain: boolean;
  /** After recording failed: RETRY (record again). */
  canRetry: boolean;
}

/** A snapshot of a machine whose `returning` state is `returningFromProvider`, as the return screen reads it. */
interface ReturningSnapshot {
  hasTag(tag: 'busy'): boolean;
  matches(value: { returning: 'failed' | 'recordFailed' }): boolean;
  context: { message: ShownText | null; error: ShownText | null };
}

/** The return screen's view model. */
export function returnNoticeOf(snapshot: ReturningSnapshot): ReturnNotice {
  return {
    checking: snapshot.hasTag('busy'),
    message: snapshot.context.message,
    error: snapshot.context.error,
    canTryAgain: snapshot.matches({ returning: 'failed' }),
    canRetry: snapshot.matches({ returning: 'recordFailed' }),
  };
}
