import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { selfTestMachines } from '../../model-tests/harness-selftest/machines/flows-fixtures.ts';
import { loadElk } from './elk-instance.ts';
import { collectFlowMachines } from './flow-exports.ts';
import { catalogMachine, eventText } from './machine-catalog.ts';
import { layoutStatechart } from './statechart-layout.ts';
import { renderStatechartSvg } from './statechart-svg.ts';

// Lazy, so a product machine that does not load fails its own test instead of the whole file.
const productModules = import.meta.glob<Record<string, unknown>>('../machines/*.machine.ts');

async function svgDocument(machine: AnyStateMachine): Promise<Document> {
  const layout = await layoutStatechart(catalogMachine(machine), await loadElk());
  const svg = renderStatechartSvg(layout, { idPrefix: machine.id, title: `Statechart of ${machine.id}` });
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}

function byData(doc: Document, attribute: string, value: string): Element | undefined {
  return [...doc.querySelectorAll(`[${attribute}]`)].find((element) => element.getAttribute(attribute) === value);
}

/** Path data `M x y L x y …` → number of points; NaN anywhere means ELK gave no usable route. */
function pointsOf(element: Element | undefined): number {
  const d = element?.querySelector('path')?.getAttribute('d') ?? '';
  const numbers = d.match(/-?\d+(\.\d+)?/g) ?? [];
  if (/NaN|undefined/.test(d)) return 0;
  return numbers.length / 2;
}

async function expectEveryStateAndTransitionDrawn(machine: AnyStateMachine): Promise<void> {
  const catalog = catalogMachine(machine);
  const doc = await svgDocument(machine);
  for (const state of catalog.states) {
    const group = byData(doc, 'data-state-id', state.id);
    expect(group, `state ${state.id}`).toBeDefined();
    const rect = group?.querySelector('rect');
    expect(Number(rect?.getAttribute('width')), `width of ${state.id}`).toBeGreaterThan(0);
    const name = state.path.split('.').pop() ?? '';
    expect(group?.querySelector('text')?.textContent, `name of ${state.id}`).toContain(name);
    if (state.description) expect(group?.querySelector('title')?.textContent).toContain(state.description);
  }
  for (const transition of catalog.transitions) {
    const group = byData(doc, 'data-transition-id', transition.id);
    expect(group, `transition ${transition.id}`).toBeDefined();
    expect(pointsOf(group), `route of ${transition.id}`).toBeGreaterThanOrEqual(2);
    // Long labels wrap over several <text> lines: compare with whitespace collapsed.
    const label = [...(group?.querySelectorAll('text') ?? [])]
      .map((text) => text.textContent)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(label, `label of ${transition.id}`).toContain(eventText(transition));
    if (transition.guard) expect(label).toContain(`[${transition.guard.replace(/\s+/g, ' ')}]`);
    for (const action of transition.actions) expect(label).toContain(action);
  }
  // Nothing drawn that the machine does not have: states, plus the machine's own box.
  expect(doc.querySelectorAll('[data-state-id]').length).toBe(catalog.states.length + 1);
}

describe('statechart layout and SVG', () => {
  it.each(Object.entries(selfTestMachines))(
    'draws every state and transition of the self-test machine %s',
    async (_name, machine) => {
      await expectEveryStateAndTransitionDrawn(machine as AnyStateMachine);
    },
    60_000,
  );

  it.each(Object.keys(productModules))(
    'draws every state and transition of the product machine in %s',
    async (path) => {
      const loader = productModules[path];
      if (!loader) throw new Error(`no loader for ${path}`);
      const [flow] = collectFlowMachines({ [path]: await loader() });
      if (!flow) throw new Error(`${path} exports no machine`);
      await expectEveryStateAndTransitionDrawn(flow.machine);
    },
    60_000,
  );

  it('marks state and transition status by colour and by a text marker', async () => {
    const machine = selfTestMachines.wizard;
    const catalog = catalogMachine(machine);
    const [first, second] = catalog.transitions;
    if (!first || !second) throw new Error('wizard has transitions');
    const layout = await layoutStatechart(catalog, await loadElk());
    const svg = renderStatechartSvg(layout, {
      idPrefix: 'w',
      title: 'wizard',
      stateStatus: { 'wizard.account': 'active', 'wizard.plan': 'uncovered', 'wizard.done': 'covered' },
      transitionStatus: { [first.id]: 'taken', [second.id]: 'uncovered' },
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const account = byData(doc, 'data-state-id', 'wizard.account');
    expect(account?.getAttribute('aria-current')).toBe('true');
    expect(account?.querySelector('text')?.textContent).toBe('▶ account');
    expect(account?.querySelector('title')?.textContent).toContain('(current)');
    expect(byData(doc, 'data-state-id', 'wizard.plan')?.querySelector('text')?.textContent).toBe('✗ plan');
    expect(byData(doc, 'data-state-id', 'wizard.done')?.querySelector('text')?.textContent).toBe('✓ done (final)');
    expect(byData(doc, 'data-state-id', 'wizard.payment')?.getAttribute('data-status')).toBeNull();
    expect(byData(doc, 'data-transition-id', second.id)?.querySelector('text')?.textContent).toMatch(/^✗ /);
    expect(byData(doc, 'data-transition-id', first.id)?.getAttribute('data-status')).toBe('taken');
  });

  it('escapes text so a description cannot inject markup', async () => {
    const layout = await layoutStatechart(catalogMachine(selfTestMachines.toggle), await loadElk());
    const svg = renderStatechartSvg(layout, { idPrefix: 't', title: '<script>alert(1)</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });
});
