import { describe, expect, it } from 'vitest';
import {
  assertFullCoverage,
  computeCoverage,
  defineModel,
  generatePaths,
  isFullCoverage,
  runPathOnMachine,
} from '../harness/index.ts';
import { wizardMachine } from './machines/wizard.machine.ts';

// The wizard without `context: ['age']`: the minor's and the adult's plan step serialise alike, so the graph explores
// plan only once (through the shorter adult route) and plan's BACK[wasMinor] branch is never taken.
const collapsed = defineModel({
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
});

async function coverageOfAllPaths() {
  const results = await Promise.all(generatePaths(collapsed).map((path) => runPathOnMachine(collapsed, path)));
  for (const result of results) expect(result.error).toBeNull();
  return computeCoverage(collapsed.catalog, {
    states: results.flatMap((result) => result.states),
    transitions: results.flatMap((result) => result.transitions),
  });
}

describe('coverage of a machine whose paths miss a transition', () => {
  it('counts every state and transition of the definition', () => {
    expect(collapsed.catalog.states.map((state) => state.id)).toEqual([
      'wizard.account',
      'wizard.guardian',
      'wizard.plan',
      'wizard.payment',
      'wizard.done',
    ]);
    expect(collapsed.catalog.transitions.map((transition) => transition.id)).toEqual([
      'wizard.account --NEXT[isMinor]--> wizard.guardian',
      'wizard.account --NEXT--> wizard.plan',
      'wizard.guardian --NEXT--> wizard.plan',
      'wizard.guardian --BACK--> wizard.account',
      'wizard.plan --CHOOSE[isFreePlan]--> wizard.done',
      'wizard.plan --CHOOSE--> wizard.payment',
      'wizard.plan --BACK[wasMinor]--> wizard.guardian',
      'wizard.plan --BACK--> wizard.account',
      'wizard.payment --PAY--> wizard.done',
      'wizard.payment --BACK--> wizard.plan',
    ]);
  });

  it('reports exactly the missed branch', async () => {
    const coverage = await coverageOfAllPaths();
    expect(coverage.states).toEqual({ covered: 5, total: 5, percent: 100, uncovered: [] });
    expect(coverage.transitions).toEqual({
      covered: 9,
      total: 10,
      percent: 90,
      uncovered: ['wizard.plan --BACK[wasMinor]--> wizard.guardian'],
    });
    expect(isFullCoverage(coverage)).toBe(false);
  });

  it('fails the full-coverage check, naming what is missing', async () => {
    const coverage = await coverageOfAllPaths();
    expect(() => assertFullCoverage(coverage)).toThrow(
      /transitions 9\/10 \(90 %\)[\s\S]*uncovered transition: wizard\.plan --BACK\[wasMinor\]--> wizard\.guardian/,
    );
  });

  it('rounds down, so an almost complete machine never reads as 100 %', () => {
    const coverage = computeCoverage(
      {
        machineId: 'many',
        states: Array.from({ length: 2000 }, (_, i) => ({
          id: `many.s${i}`,
          path: `s${i}`,
          type: 'atomic',
          description: null,
        })),
        transitions: [],
      },
      { states: Array.from({ length: 1999 }, (_, i) => `many.s${i}`), transitions: [] },
    );
    expect(coverage.states.percent).toBe(99.9);
    expect(coverage.states.uncovered).toEqual(['many.s1999']);
  });
});
