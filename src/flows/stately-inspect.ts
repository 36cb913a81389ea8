import type { InspectionEvent } from 'xstate';

/**
 * The opt-in Stately inspector (`?inspect`): @statelyai/inspect opens https://stately.ai/inspect, so it needs a
 * network connection; the offline /flows page shows the same flows without it. Loaded only when `?inspect` was
 * requested, so no other visit downloads it.
 */

let connection: Promise<((event: InspectionEvent) => void) | null> | undefined;

export function connectStatelyInspector(): Promise<((event: InspectionEvent) => void) | null> {
  connection ??= (async () => {
    try {
      const { createBrowserInspector } = await import('@statelyai/inspect');
      const inspector = createBrowserInspector();
      return (event: InspectionEvent) => inspector.inspect.next?.(event);
    } catch (error) {
      console.warn('?inspect: the Stately inspector could not start.', error);
      return null;
    }
  })();
  return connection;
}
