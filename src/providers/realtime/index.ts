/**
 * Subscribing to a realtime channel (spec §7: public channel team.draft.{draft_id}, event 'updated'). pusher-js runs
 * in a Web Worker started on first use (realtime-worker.ts), so only the page that subscribes (/draft) downloads it,
 * and never on its main thread.
 */
import { config } from '../../config';
import { subscribeInWorker } from './realtime-worker';
import type { ChannelListener, ChannelSubscription, PageLocation, RealtimeSettings } from './types';

export type { ChannelListener, ChannelSubscription, RealtimeSettings } from './types';

type Loader = () => Promise<{ subscribeWithPusher: typeof subscribeInWorker }>;

const loadPusherAdapter: Loader = async () => ({ subscribeWithPusher: subscribeInWorker });

export interface SubscribeOptions {
  /**
   * Called each time the channel is subscribed (first, and again after a reconnect): from then on no event is missed,
   * so a page that loaded its data earlier can ask once more.
   */
  onSubscribed?: () => void;
  settings?: RealtimeSettings;
  location?: PageLocation;
  load?: Loader;
}

/**
 * Subscribes at once and returns a handle whose `unsubscribe` also works while the client is still loading (the
 * subscription is then never made). A client that cannot load is logged: the page works without live updates.
 */
export function subscribeToChannel(
  channel: string,
  event: string,
  listener: ChannelListener,
  {
    onSubscribed,
    settings = config.realtime,
    location = window.location,
    load = loadPusherAdapter,
  }: SubscribeOptions = {},
): ChannelSubscription {
  let cancelled = false;
  let subscription: ChannelSubscription | null = null;
  load().then(
    (adapter) => {
      if (!cancelled) {
        subscription = adapter.subscribeWithPusher(settings, location, channel, event, listener, { onSubscribed });
      }
    },
    (error: unknown) => console.error(`Live updates of ${channel} are unavailable`, error),
  );
  return {
    unsubscribe() {
      cancelled = true;
      subscription?.unsubscribe();
      subscription = null;
    },
  };
}
