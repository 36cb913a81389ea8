/**
 * What the page and the realtime worker (pusher.worker.ts) tell each other. The worker holds the pusher-js client, so
 * the page never evaluates pusher-js on its main thread (issue 30 point 6: it was one of /draft's long tasks). Each
 * side checks what it receives.
 */
import { z } from 'zod/mini';

const settings = z.object({
  provider: z.enum(['sandbox', 'pusher']),
  key: z.string(),
  cluster: z.string(),
  forceTLS: z.boolean(),
});
const location = z.object({ hostname: z.string(), port: z.string(), protocol: z.string() });

/** Page → worker: subscribe once (the worker is the subscription), or end it. */
export const workerRequestSchema = z.union([
  z.object({ type: z.literal('subscribe'), settings, location, channel: z.string(), event: z.string() }),
  z.object({ type: z.literal('unsubscribe') }),
]);
export type WorkerRequest = z.infer<typeof workerRequestSchema>;

/** Worker → page: an event's data, or the subscription succeeded (first, and again after a reconnect). */
export const workerReportSchema = z.union([
  z.object({ type: z.literal('event'), data: z.unknown() }),
  z.object({ type: z.literal('subscribed') }),
]);
export type WorkerReport = z.infer<typeof workerReportSchema>;
