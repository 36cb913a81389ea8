import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createDraftChannelActor } from './draft-channel.actor';
import type { ChannelListener } from './types';

/** A parent that invokes the channel for draft 7 and counts the DRAFT_UPDATED and DRAFT_FOLLOWED events it receives. */
function previewOf(subscribe: Parameters<typeof createDraftChannelActor>[0]) {
  let updates = 0;
  let follows = 0;
  const parent = createMachine({
    invoke: { src: createDraftChannelActor(subscribe), input: { draftId: 7 } },
    on: {
      DRAFT_UPDATED: {
        actions: () => {
          updates++;
        },
      },
      DRAFT_FOLLOWED: {
        actions: () => {
          follows++;
        },
      },
    },
  });
  return { actor: createActor(parent), updates: () => updates, follows: () => follows };
}

describe('draftChannelActor', () => {
  it("follows team.draft.{id} and sends DRAFT_UPDATED on each 'updated' event (spec §7)", () => {
    let listener: ChannelListener = () => {};
    const unsubscribe = vi.fn();
    const subscribe = vi.fn((_channel: string, _event: string, onEvent: ChannelListener) => {
      listener = onEvent;
      return { unsubscribe };
    });
    const { actor, updates } = previewOf(subscribe);
    actor.start();
    expect(subscribe).toHaveBeenCalledWith('team.draft.7', 'updated', expect.any(Function), {
      onSubscribed: expect.any(Function),
    });
    listener({ id: 7 });
    listener(undefined);
    expect(updates()).toBe(2);
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('sends DRAFT_FOLLOWED each time the subscription succeeds (a save before it reached nobody)', () => {
    let subscribed = () => {};
    const { actor, follows, updates } = previewOf((_channel, _event, _listener, options) => {
      subscribed = options?.onSubscribed ?? subscribed;
      return { unsubscribe: vi.fn() };
    });
    actor.start();
    expect(follows()).toBe(0);
    subscribed();
    subscribed();
    expect([follows(), updates()]).toEqual([2, 0]);
  });

  it('unsubscribes when the preview stops', () => {
    const unsubscribe = vi.fn();
    const { actor } = previewOf(() => ({ unsubscribe }));
    actor.start();
    actor.stop();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});
