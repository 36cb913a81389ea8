import type { PaymentActorRef, PaymentSnapshot } from '../../machines/payment.connect';

export type { PaymentActorRef, PaymentSnapshot };

/** What every step view receives: the snapshot to render and the actor to send to. */
export interface StepProps {
  readonly snapshot: PaymentSnapshot;
  readonly actorRef: PaymentActorRef;
}
