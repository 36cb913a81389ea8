/**
 * The console's 'Billing' page's live channel (issue 33 point 4): subscribes to the organization's public channel
 * `admin.billing.{organization_id}`, on which the server says 'changed' (with no data) when a billing run moved some
 * of its instalments, and sends BILLING_CHANGED so the page reads the day again through its authorized call; also each
 * time the subscription succeeds (a run may have moved them while the socket was away). pusher-js loads lazily.
 */
import { fromCallback } from 'xstate';
import { billingChannel } from '../../api/admin-billing';
import { subscribeToChannel } from './index';

export interface BillingChanged {
  type: 'BILLING_CHANGED';
}

export interface BillingChannelInput {
  organizationId: number;
}

/** The billing channel over a given subscribe function (tests pass their own; the page uses pusher-js's). */
export function createBillingChannelActor(subscribe: typeof subscribeToChannel = subscribeToChannel) {
  return fromCallback<BillingChanged, BillingChannelInput>(({ input, sendBack }) => {
    let followed = false;
    const subscription = subscribe(
      billingChannel(input.organizationId),
      'changed',
      () => sendBack({ type: 'BILLING_CHANGED' }),
      {
        onSubscribed: () => {
          // The first subscription follows the load that just happened; a later one (a reconnect) may have missed a run.
          if (followed) sendBack({ type: 'BILLING_CHANGED' });
          followed = true;
        },
      },
    );
    return () => subscription.unsubscribe();
  });
}
