import './flows.css';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { LiveEntry, LiveState } from '../../flows/live-flows.ts';
import { liveStatus, stateValueText } from '../../flows/live-flows.ts';
import { eventText, type MachineCatalog, shortStateId } from '../../flows/machine-catalog.ts';
import { transitionLines } from '../../flows/statechart-layout.ts';
import { renderStatechartSvg } from '../../flows/statechart-svg.ts';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { flowNames } from './flow-registry.ts';
import { useLiveFlows } from './use-live-flows.ts';
import { type StatechartState, useStatechart } from './use-statechart.ts';

/**
 * /flows: every product machine as a statechart laid out by elkjs, with each state's description (the spec
 * section) as a tooltip and in a list beside the diagram; and a live view of flows running in other tabs of this
 * browser (their routes pass `inspect: flowInspector('<flow>')`): the current state is highlighted and the events
 * are listed. Without a chosen machine the page follows whichever flow moved last.
 */
export function FlowsPage({ selected }: { selected: string | undefined }) {
  const { live, supported } = useLiveFlows();
  const following = selected === undefined;
  const shown = selected ?? live.lastActiveFlow ?? flowNames[0] ?? null;
  const statechart = useStatechart(shown && flowNames.includes(shown) ? shown : null);

  return (
    <Page wide>
      <div className="flows-page">
        <h1>Flows</h1>
        <p className="flows-intro">
          Each flow of the site is a state machine. Open the site in another tab of this browser and use it: the state
          you are in is highlighted here and your events are listed. Works offline.
        </p>
        <div className="flows-layout">
          <FlowList selected={selected} shown={shown} live={live} />
          <div className="flows-main">
            {shown && !flowNames.includes(shown) ? (
              <Alert>There is no machine named “{shown}”.</Alert>
            ) : (
              <Statechart state={statechart} live={live} following={following} />
            )}
          </div>
          <LivePanel live={live} shown={shown} supported={supported} />
        </div>
      </div>
    </Page>
  );
}

function FlowList({ selected, shown, live }: { selected: string | undefined; shown: string | null; live: LiveState }) {
  return (
    <nav aria-labelledby="flows-list-title" className="flows-list">
      <h2 id="flows-list-title">Machines</h2>
      {flowNames.length === 0 ? <p>No machines in src/machines yet.</p> : null}
      <ul>
        <li>
          {/* The router marks the link of the current URL with aria-current="page". */}
          <Link to="/flows" search={{ machine: undefined }} activeOptions={{ explicitUndefined: true }}>
            Follow the active flow
          </Link>
        </li>
        {flowNames.map((flow) => (
          <li key={flow}>
            <Link to="/flows" search={{ machine: flow }}>
              {flow}
            </Link>
            {live.flows[flow] ? <span className="flows-live-mark"> (live)</span> : null}
            {selected === undefined && shown === flow ? <span className="visually-hidden"> (shown)</span> : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Statechart({ state, live, following }: { state: StatechartState; live: LiveState; following: boolean }) {
  const [fit, setFit] = useState(true);
  const ready = state.status === 'ready' ? state : null;
  const flowLive = ready ? live.flows[ready.flow] : undefined;
  const status = useMemo(() => (ready ? liveStatus(ready.catalog, flowLive) : null), [ready, flowLive]);
  const svg = useMemo(
    () =>
      ready && status
        ? renderStatechartSvg(ready.layout, {
            idPrefix: `flow-${ready.flow}`,
            title: `Statechart of the ${ready.flow} flow (machine ${ready.catalog.machineId})`,
            ...status,
          })
        : '',
    [ready, status],
  );

  if (state.status === 'idle') return <p>Choose a machine.</p>;
  if (state.status === 'loading') return <p role="status">Drawing the {state.flow} flow…</p>;
  if (state.status === 'error')
    return (
      <Alert>
        The {state.flow} machine could not be loaded: {state.message}
      </Alert>
    );
  const current = flowLive ? stateValueText(flowLive.current.value) : null;
  return (
    <section aria-labelledby="flows-chart-title">
      <h2 id="flows-chart-title">
        {state.flow} <small>(machine {state.catalog.machineId})</small>
      </h2>
      {state.catalog.description ? <p>{state.catalog.description}</p> : null}
      <p className="flows-current" data-testid="flows-current">
        {current ? (
          <>
            Current state: <strong>{current}</strong>
            {flowLive?.current.status !== 'active' ? ` (${flowLive?.current.status})` : ''}
          </>
        ) : (
          `Not running in another tab yet${following ? '' : ' (open the flow in another tab of this browser)'}.`
        )}
      </p>
      <div className="button-row">
        <button type="button" className="button button--secondary" aria-pressed={!fit} onClick={() => setFit(!fit)}>
          Show actual size
        </button>
      </div>
      <section
        className={fit ? 'flows-diagram flows-diagram--fit' : 'flows-diagram'}
        aria-label={`Diagram of the ${state.flow} flow`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a large diagram
        tabIndex={0}
        // The SVG is built by renderStatechartSvg, which escapes every text it draws.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: generated, escaped SVG markup
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="flows-legend">
        Legend: ▶ and a yellow box mark the current state; ▶ and a thick blue arrow mark the transition just taken.
        Hover a state for its description.
      </p>
      <StateList catalog={state.catalog} active={status?.stateStatus ?? {}} />
      <TransitionList catalog={state.catalog} taken={status?.transitionStatus ?? {}} />
    </section>
  );
}

function StateList({ catalog, active }: { catalog: MachineCatalog; active: Readonly<Record<string, unknown>> }) {
  return (
    <section aria-labelledby="flows-states-title" className="flows-states">
      <h3 id="flows-states-title">States ({catalog.states.length})</h3>
      <ul>
        {catalog.states.map((state) => (
          <li key={state.id} data-state-id={state.id} aria-current={active[state.id] ? 'true' : undefined}>
            <code>{state.path}</code>
            {state.type !== 'atomic' && state.type !== 'compound' ? ` (${state.type})` : ''}
            {active[state.id] ? <strong> — current</strong> : null}
            {state.description ? <span className="flows-description">: {state.description}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TransitionList({ catalog, taken }: { catalog: MachineCatalog; taken: Readonly<Record<string, unknown>> }) {
  const name = (id: string) => shortStateId(catalog.machineId, id);
  return (
    <details className="flows-transitions">
      <summary>Transitions ({catalog.transitions.length})</summary>
      <ul>
        {catalog.transitions.map((transition) => (
          <li key={transition.id} data-transition-id={transition.id}>
            <code>{name(transition.source)}</code> → {transition.targets.map(name).join(', ') || '(stays)'}:{' '}
            {transitionLines(catalog, transition).join(' ')}
            {taken[transition.id] ? <strong> — just taken</strong> : null}
            {transition.description ? <span className="flows-description"> ({transition.description})</span> : null}
            <span className="visually-hidden"> event {eventText(transition)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** An xstate event type in words: `xstate.done.actor.login` → `login answered`; a person's events as they are. */
function eventWords(type: string): string {
  if (type === 'xstate.init') return 'start';
  if (type === 'xstate.stop') return 'stop (left the page)';
  const invoke = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (invoke) return `${invoke[2]} ${invoke[1] === 'done' ? 'answered' : 'failed'}`;
  const delay = /^xstate\.after\.(\d+)\./.exec(type);
  return delay ? `after ${delay[1]} ms` : type;
}

function historyLine(entry: LiveEntry): string {
  const time = new Date(entry.at).toLocaleTimeString('en-US', { hour12: false });
  const ended = entry.status === 'done' ? ' (finished)' : '';
  return `${time} ${entry.flow}: ${eventWords(entry.event)} → ${stateValueText(entry.value)}${ended}`;
}

function LivePanel({ live, shown, supported }: { live: LiveState; shown: string | null; supported: boolean }) {
  const [onlyShown, setOnlyShown] = useState(false);
  const entries = live.history.filter((entry) => !onlyShown || entry.flow === shown).reverse();
  return (
    <aside aria-labelledby="flows-history-title" className="flows-history">
      <h2 id="flows-history-title">Event history</h2>
      {supported ? null : <Alert tone="info">This browser has no BroadcastChannel: the live view is off.</Alert>}
      <label className="checkbox">
        <input type="checkbox" checked={onlyShown} onChange={(event) => setOnlyShown(event.target.checked)} /> Only the
        flow shown
      </label>
      <ol aria-live="polite" aria-relevant="additions" data-testid="flows-history" reversed>
        {entries.map((entry) => (
          <li key={entry.seq}>{historyLine(entry)}</li>
        ))}
      </ol>
      {entries.length === 0 ? <p>No events yet.</p> : null}
    </aside>
  );
}
