import { useEffect, useState } from 'react';
import { loadElk } from '../../flows/elk-instance.ts';
import { catalogMachine, type MachineCatalog } from '../../flows/machine-catalog.ts';
import { layoutStatechart, type StatechartLayout } from '../../flows/statechart-layout.ts';
import { loadFlow } from './flow-registry.ts';

export type StatechartState =
  | { status: 'idle' }
  | { status: 'loading'; flow: string }
  | { status: 'ready'; flow: string; catalog: MachineCatalog; layout: StatechartLayout }
  | { status: 'error'; flow: string; message: string };

const cache = new Map<string, Promise<{ catalog: MachineCatalog; layout: StatechartLayout }>>();

function laidOut(flow: string) {
  let entry = cache.get(flow);
  if (!entry) {
    entry = Promise.all([loadFlow(flow), loadElk()]).then(async ([{ machine }, elk]) => {
      const catalog = catalogMachine(machine);
      return { catalog, layout: await layoutStatechart(catalog, elk) };
    });
    // A failed load is not cached: the machine may be fixed and the page retried.
    entry.catch(() => cache.delete(flow));
    cache.set(flow, entry);
  }
  return entry;
}

/** Loads a flow's machine and lays its statechart out (once per flow and page). */
export function useStatechart(flow: string | null): StatechartState {
  const [state, setState] = useState<StatechartState>({ status: 'idle' });
  useEffect(() => {
    if (!flow) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading', flow });
    laidOut(flow).then(
      ({ catalog, layout }) => current && setState({ status: 'ready', flow, catalog, layout }),
      (error: unknown) =>
        current && setState({ status: 'error', flow, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [flow]);
  return state;
}
