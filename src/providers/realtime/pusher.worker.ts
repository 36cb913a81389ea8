/**
 * The realtime worker: pusher-js's Web Worker build, subscribed as the page asks (realtime-worker.messages.ts), each
 * event's data posted back. One worker is one subscription; the page ends it with 'unsubscribe' and terminates it.
 */
import Pusher from 'pusher-js/worker';
import { subscribeWithPusher } from './pusher-realtime';
import { type WorkerReport, workerRequestSchema } from './realtime-worker.messages';
import type { ChannelSubscription } from './types';

let subscription: ChannelSubscription | null = null;
const report = (message: WorkerReport) => self.postMessage(message);

self.addEventListener('message', (message: MessageEvent<unknown>) => {
  const request = workerRequestSchema.safeParse(message.data);
  if (!request.success) return;
  if (request.data.type === 'unsubscribe') {
    subscription?.unsubscribe();
    subscription = null;
    return;
  }
  if (subscription !== null) return;
  const { settings, location, channel, event } = request.data;
  subscription = subscribeWithPusher(settings, location, channel, event, (data) => report({ type: 'event', data }), {
    onSubscribed: () => report({ type: 'subscribed' }),
    factory: (key, options) => new Pusher(key, options),
  });
});
