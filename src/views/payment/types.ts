import type { PaymentActorRef } from '../../machines/payment.connect';

/** What every step view receives: the actor it reads (narrow selectors) and sends to, and whether this is /draft. */
export interface StepProps {
  readonly actorRef: PaymentActorRef;
  /** The staff draft preview (/draft): the page says so, the machine only behaves accordingly. */
  readonly preview: boolean;
}
