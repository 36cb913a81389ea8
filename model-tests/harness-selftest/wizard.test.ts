import { describe, expect, it } from 'vitest';
import { coveringPaths, defineModel, generatePaths, runPathOnMachine, runPaths } from '../harness/index.ts';
import type { ModelPath } from '../harness/paths.ts';
import { wizardMachine } from './machines/wizard.machine.ts';

const model = defineModel({
  machine: wizardMachine,
  events: {
    NEXT: [
      { type: 'NEXT', age: 12 },
      { type: 'NEXT', age: 30 },
    ],
    CHOOSE: [
      { type: 'CHOOSE', plan: 'free' },
      { type: 'CHOOSE', plan: 'pro' },
    ],
  },
  // plan.BACK reads the age: without it the minor's and the adult's plan step would be one node.
  context: ['age'],
  states: {
    guardian: (snapshot) => expect(snapshot.context.age).toBeLessThan(18),
    done: (snapshot) => expect(snapshot.status).toBe('done'),
  },
});

describe('wizard paths', () => {
  const paths = generatePaths(model);

  it("enters the guardian step only for a minor: on NEXT with age 12, or BACK from a minor's plan", () => {
    const entries = paths.flatMap((path) => path.steps.filter((step) => step.state.matches('guardian')));
    expect(new Set(entries.map((step) => step.event.type))).toEqual(new Set(['NEXT', 'BACK']));
    for (const step of entries) {
      if (step.event.type === 'NEXT') expect(step.event).toEqual({ type: 'NEXT', age: 12 });
      expect(step.state.context.age).toBe(12);
    }
  });

  it('describes the guard branches a path took, in words', async () => {
    const path = paths.find((candidate) => candidate.title === 'NEXT {"age":12} → NEXT {"age":12} → BACK ⇒ guardian');
    expect(path, paths.map((p) => p.title).join('\n')).toBeDefined();
    if (!path) return;
    const result = await runPathOnMachine(model, path);
    expect(result.error).toBeNull();
    expect(result.story).toEqual([
      'starts in account',
      'NEXT {"age":12}: account → guardian if isMinor',
      'NEXT {"age":12}: guardian → plan',
      'BACK: plan → guardian if wasMinor',
    ]);
  });

  it('names the skipped guard of a fallback branch', async () => {
    const path = paths.find((candidate) => candidate.events.slice(0, 2).join(' → ') === 'NEXT {"age":30} → BACK');
    expect(path).toBeDefined();
    if (!path) return;
    const result = await runPathOnMachine(model, path);
    expect(result.story[2]).toBe('BACK: plan → account (not wasMinor)');
  });

  it('walks one payload variant where several take the same transition to the same state', () => {
    // In guardian, NEXT ignores the age: both variants take guardian --NEXT--> plan and leave the context alone.
    const fromGuardian = paths.flatMap((path) =>
      path.steps.filter((step, i) => step.event.type === 'NEXT' && path.steps[i - 1]?.state.matches('guardian')),
    );
    expect(new Set(fromGuardian.map((step) => JSON.stringify(step.event)))).toEqual(
      new Set(['{"type":"NEXT","age":12}']),
    );
    // In account the age decides the branch, so both variants are walked.
    const fromAccount = paths.flatMap((path) => path.steps.filter((step, i) => i === 1 && step.event.type === 'NEXT'));
    expect(new Set(fromAccount.map((step) => JSON.stringify(step.event))).size).toBe(2);
  });

  it('generates the shortest or every simple path to a chosen state', () => {
    const shortest = generatePaths(model, { strategy: 'shortest', toState: 'payment' });
    expect(shortest.map((path) => path.events)).toEqual([
      ['NEXT {"age":30}', 'CHOOSE {"plan":"pro"}'],
      ['NEXT {"age":12}', 'NEXT {"age":12}', 'CHOOSE {"plan":"pro"}'],
    ]);
    const simple = generatePaths(model, { strategy: 'simple', toState: (snapshot) => snapshot.matches('payment') });
    expect(simple.length).toBeGreaterThan(shortest.length);
    for (const path of simple) {
      expect(path.steps.at(-1)?.state.matches('payment')).toBe(true);
      const serialized = path.steps.map((step) => model.serialize(step.state));
      expect(new Set(serialized).size).toBe(serialized.length);
    }
  });

  it("covers every state and step of every path with the UI run's fewer paths (uiPaths: 'covering')", () => {
    const shown = (chosen: readonly ModelPath[]) =>
      new Set(
        chosen.flatMap((path) =>
          path.steps.flatMap((step, index) => {
            const before = path.steps[index - 1];
            // Every model state (value and context), and every step from a state value to a state value.
            const state = model.serialize(step.state);
            const move = `${JSON.stringify(before?.state.value)} ${step.event.type} ${JSON.stringify(step.state.value)}`;
            return before ? [state, move] : [state];
          }),
        ),
      );
    const covering = coveringPaths(model, paths);
    expect(covering.length).toBeLessThan(paths.length);
    expect(covering.every((path) => paths.includes(path))).toBe(true);
    // In the paths' own order, each at most once.
    expect(covering).toEqual(paths.filter((path) => covering.includes(path)));
    expect(shown(covering)).toEqual(shown(paths));
  });

  it('fails a path whose machine disagrees with the model', async () => {
    // The same machine with the age rule inverted: the path still expects the guardian step after age 12.
    const inverted = defineModel({
      ...model.config,
      implementations: { guards: { isMinor: () => false } },
    });
    const path = paths.find((candidate) => candidate.title.startsWith('NEXT {"age":12} → NEXT'));
    if (!path) throw new Error('expected a path through the guardian step');
    const result = await runPathOnMachine(inverted, { ...path, input: inverted.inputs[0] ?? path.input });
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('Expected state guardian, but the machine is in plan');
  });
});

runPaths({ model, reportDir: false });
