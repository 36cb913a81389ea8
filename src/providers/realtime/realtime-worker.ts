/**
 * Subscribing through the realtime worker (pusher.worker.ts): the same subscription as subscribeWithPusher's, with
 * pusher-js running in a Web Worker instead of on the page's main thread, where evaluating it was one of /draft's
 * long tasks (issue 30 point 6).
 */
import { workerReportSchema } from './realtime-worker.messages';
import type { ChannelListener, ChannelSubscription, PageLocation, RealtimeSettings } from './types';

export function subscribeInWorker(
  settings: RealtimeSettings,
  location: PageLocation,
  channel: string,
  event: string,
  listener: ChannelListener,
  { onSubscribed }: { onSubscribed?: (() => void) | undefined } = {},
): ChannelSubscription {
  const worker = new Worker(new URL('./pusher.worker.ts', import.meta.url), { type: 'module', name: 'realtime' });
  worker.addEventListener('message', (message: MessageEvent<unknown>) => {
    const report = workerReportSchema.safeParse(message.data);
    if (!report.success) return;
    if (report.data.type === 'event') listener(report.data.data);
    else onSubscribed?.();
  });
  worker.addEventListener('error', (error) =>
    console.error(`Live updates of ${channel} are unavailable`, error.message),
  );
  const { hostname, port, protocol } = location;
  worker.postMessage({ type: 'subscribe', settings, location: { hostname, port, protocol }, channel, event });
  let active = true;
  return {
    unsubscribe() {
      if (!active) return;
      active = false;
      worker.postMessage({ type: 'unsubscribe' });
      // The worker disconnects on 'unsubscribe'; terminating it after that message ends it either way.
      setTimeout(() => worker.terminate(), 1000);
    },
  };
}
