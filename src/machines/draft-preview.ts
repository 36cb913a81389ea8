/**
 * The staff draft preview (spec §2 /draft, §4, §6): the payment flow given other implementations instead of mode
 * checks. The draft's plans come from team-draft-payment-plans, the discount lookup goes without authorization (§6:
 * no call of the preview sends one, even when a user is stored), and `isPreview` holds: the preview starts at the
 * plans and listens to the draft channel, Back has nowhere to go, and checkout ends in `preview` (it cannot pay).
 * The /draft page adds the realtime channel (`draftChannel`) with one more provide.
 */
import { getDraftDiscount } from '../api/memberships';
import { getDraftPaymentPlans } from '../api/payment-data';
import type { PaymentData } from '../api/payment-data.schemas';
import type { ServerDiscount } from '../api/schemas';
import type { PlansRequest } from './payment.context';
import { paymentMachine } from './payment.machine';
import { apiCall } from './settle-unless-aborted';

export const draftPreviewMachine = paymentMachine.provide({
  actors: {
    paymentPlans: apiCall<PaymentData, PlansRequest>((input, signal) =>
      getDraftPaymentPlans(
        {
          draft_id: input.draftId ?? 0,
          discount_code: input.discountCode,
          include_payment_protection_plan: input.includeProtection,
        },
        { signal },
      ),
    ),
    discount: apiCall<ServerDiscount, { code: string }>((input, signal) => getDraftDiscount(input.code, { signal })),
  },
  guards: { isPreview: () => true },
});
