import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentMachine } from '../../machines/payment.machine';

export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** What every step view receives: the snapshot to render and the actor to send to. */
export interface StepProps {
  readonly snapshot: PaymentSnapshot;
  readonly actorRef: PaymentActorRef;
}
