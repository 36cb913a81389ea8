/**
 * The views' window on payment.machine.ts (the team payment flow and the draft preview, spec §2 Payment page): the
 * actor and snapshot types they render from, and the selectors they read. Views import the machine only through this
 * module (biome.json, noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { paymentMachine } from './payment.machine';

export { fullDiscountOf, offeredPlansOf, protectionIncluded, selectedPlanOf } from './payment.machine';

export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;
