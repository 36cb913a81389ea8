import { describe, expect, it } from 'vitest';
import { kitchenSinkMachine, selfTestMachines } from '../../model-tests/harness-selftest/machines/flows-fixtures.ts';
import { collectFlowMachines, flowNameOf, renderFlowExports } from './flow-exports.ts';
import { catalogMachine, eventText } from './machine-catalog.ts';
import { canonicalize, machineDefinition } from './machine-definition.ts';
import { mermaidId, renderMermaid } from './mermaid.ts';

describe('machine definition (docs/flows/<flow>.json)', () => {
  it('orders config keys for reading, keeps the order of states and events, and shows functions', () => {
    const config = canonicalize({
      states: { b: { on: { Z: 'a', A: 'b' }, description: 'x', type: 'final' }, a: {} },
      initial: 'b',
      id: 'm',
      context: () => ({}),
    });
    expect(JSON.stringify(config)).toBe(
      '{"id":"m","initial":"b","context":{"$function":"context"},"states":{"b":{"type":"final","description":"x","on":{"Z":"a","A":"b"}},"a":{}}}',
    );
  });

  it('names the implementations given to setup()', () => {
    expect(machineDefinition(kitchenSinkMachine, 'src/machines/kit.machine.ts')).toMatchObject({
      id: 'kit',
      source: 'src/machines/kit.machine.ts',
      implementations: { actions: ['note', 'other'], actors: ['load'], delays: [], guards: ['isLate', 'isReady'] },
    });
  });
});

describe('Mermaid statechart (docs/flows/<flow>.mmd)', () => {
  it('has every state, every transition with its guard and actions, notes and nesting', () => {
    const catalog = catalogMachine(kitchenSinkMachine);
    const text = renderMermaid(catalog);
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const state of catalog.states) expect(text).toContain(`as ${mermaidId(state.id)}`);
    for (const transition of catalog.transitions) {
      const from = mermaidId(transition.source);
      const line = text
        .split('\n')
        .find((l) => l.trim().startsWith(`${from} --> `) && l.includes(eventText(transition)));
      expect(line, transition.id).toBeDefined();
      if (transition.guard) expect(text).toContain(`[${transition.guard}]`);
    }
    expect(text).toContain('  state kit {'); // the machine is a box: it has transitions of its own (RESET)
    expect(text).toContain('kit_work_loading : tags: busy');
    expect(text).toContain('kit_work_loading : invoke data: load');
    expect(text).toContain('kit_work_loading --> kit_work_shown : done: data (load)');
    expect(text).toContain('kit_work_shown --> kit_work_loading : after 500 ms');
    expect(text).toContain('kit_done --> [*]');
    expect(text).toMatch(/ {6}--\n/); // parallel regions
    expect(text).toContain('note right of kit_boot\n      spec §0 boot\n    end note');
  });

  it('keeps text that is Mermaid syntax out of labels', () => {
    const catalog = catalogMachine(selfTestMachines.wizard);
    catalog.states[0] = { ...catalog.states[0], description: 'see #4; {x}' } as (typeof catalog.states)[0];
    expect(renderMermaid(catalog)).toContain('see ＃4, (x)');
  });
});

describe('docs/flows files', () => {
  it('one definition and one diagram per flow, and an index', () => {
    const flows = collectFlowMachines({
      '../machines/wizard.machine.ts': { wizardMachine: selfTestMachines.wizard, helper: 1 },
      '../machines/toggle.machine.ts': { toggleMachine: selfTestMachines.toggle },
    });
    expect(flows.map((flow) => flow.flow)).toEqual(['toggle', 'wizard']);
    const files = renderFlowExports(flows);
    expect([...files.keys()]).toEqual(['toggle.json', 'toggle.mmd', 'wizard.json', 'wizard.mmd', 'README.md']);
    expect(files.get('README.md')).toContain('| wizard | `wizard` | 5 | 10 | [wizard.json](wizard.json) |');
  });

  it('refuses a module with no machine or several', () => {
    expect(() => collectFlowMachines({ '../machines/x.machine.ts': {} })).toThrow(
      'src/machines/x.machine.ts exports 0 machines; expected exactly one.',
    );
    expect(flowNameOf('/src/machines/password-reset.machine.ts')).toBe('password-reset');
  });
});
