import type { InspectionEvent } from 'xstate';

/**
 * The opt-in Stately inspector (`?inspect`): needs the `@statelyai/inspect` package, which is not a dependency of
 * this project, and a network connection (it opens https://stately.ai/inspect). The glob below matches the
 * package's browser entry only when it is installed (`npm install -D @statelyai/inspect`); until then it is empty,
 * the build stays clean and the switch logs how to enable it. Loaded only when `?inspect` was requested.
 */

interface StatelyModule {
  createBrowserInspector: () => { inspect: { next?: (event: InspectionEvent) => void } };
}

const entries = import.meta.glob<StatelyModule>('/node_modules/@statelyai/inspect/dist/index.mjs');

let connection: Promise<((event: InspectionEvent) => void) | null> | undefined;

export function connectStatelyInspector(): Promise<((event: InspectionEvent) => void) | null> {
  connection ??= (async () => {
    const load = Object.values(entries)[0];
    if (!load) {
      console.warn(
        '?inspect: the Stately inspector needs the @statelyai/inspect package (npm install -D @statelyai/inspect) ' +
          'and a network connection. The offline flows page (/flows) shows the same flows without it.',
      );
      return null;
    }
    try {
      const inspector = (await load()).createBrowserInspector();
      return (event: InspectionEvent) => inspector.inspect.next?.(event);
    } catch (error) {
      console.warn('?inspect: the Stately inspector could not start.', error);
      return null;
    }
  })();
  return connection;
}
