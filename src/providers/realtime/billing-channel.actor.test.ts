import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createBillingChannelActor } from './billing-channel.actor';
import type { subscribeToChannel } from './index';

describe('the billing channel (issue 33 point 4)', () => {
  it("follows admin.billing.{organization}: 'changed' and each re-subscription after the first read the day again", () => {
    const seen: string[] = [];
    let listener: () => void = () => undefined;
    let subscribed: () => void = () => undefined;
    let unsubscribed = false;
    const subscribe: typeof subscribeToChannel = (channel, event, onEvent, options) => {
      seen.push(`${channel} ${event}`);
      listener = () => onEvent(undefined);
      subscribed = () => options?.onSubscribed?.();
      return {
        unsubscribe: () => {
          unsubscribed = true;
        },
      };
    };
    const events: string[] = [];
    const parent = createMachine({
      invoke: { src: createBillingChannelActor(subscribe), input: { organizationId: 3 } },
      on: { BILLING_CHANGED: { actions: () => events.push('changed') } },
    });
    const actor = createActor(parent).start();
    expect(seen).toEqual(['admin.billing.3 changed']);
    subscribed();
    expect(events).toEqual([]);
    listener();
    subscribed();
    expect(events).toEqual(['changed', 'changed']);
    actor.stop();
    expect(unsubscribed).toBe(true);
  });
});
