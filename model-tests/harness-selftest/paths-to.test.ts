import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePaths } from '../harness/index.ts';
import { type PathSources, pathsTo } from '../harness/paths-to.ts';
import { structuralModel } from '../harness/structural-model.ts';
import { accountLookupMachine } from './machines/account-lookup.machine.ts';

const DIR = 'model-tests/harness-selftest/machines';
const load = (path: string) => import(`../../${path}`) as Promise<Record<string, unknown>>;
const sources: PathSources = {
  machineFiles: [`${DIR}/account-lookup.machine.ts`, `${DIR}/wizard.machine.ts`],
  modelFile: (flow) => (flow === 'wizard' ? `${DIR}/wizard.model.ts` : null),
};

describe('paths:to', () => {
  it("uses the flow's importable model: the exact shortest path with the payloads that decide the branches", async () => {
    const text = await pathsTo({ machine: 'wizard', state: 'payment', strategy: 'shortest', limit: 20 }, load, sources);
    expect(text.split('\n')).toEqual([
      `Shortest path of wizard (machine wizard) to payment, from ${DIR}/wizard.model.ts:`,
      '',
      '1. 2 step(s)',
      '   starts in account',
      '   NEXT {"age":30}: account → plan (not isMinor)',
      '   CHOOSE {"plan":"pro"}: plan → payment (not isFreePlan)',
      '',
      // With age 12 the wizard reaches payment too, in another serialised state (the model keeps `age`).
      '(1 more shortest path(s) reach it with another input or context; --simple lists every simple path.)',
    ]);
  });

  it('lists every simple path to a state, and finds a machine by its id', async () => {
    const text = await pathsTo({ machine: 'wizard', state: 'plan', strategy: 'simple', limit: 20 }, load, sources);
    expect(text).toContain('Simple paths of wizard (machine wizard) to plan');
    expect(text).toContain('   NEXT {"age":12}: account → guardian if isMinor');
    expect(text).toContain('   NEXT {"age":30}: account → plan (not isMinor)');
    const byId = await pathsTo(
      { machine: 'accountLookup', state: 'failed', strategy: 'shortest', limit: 20 },
      load,
      sources,
    );
    expect(byId).toContain('Shortest path of account-lookup (machine accountLookup) to failed');
  });

  it('without a model, walks the bare machine with free guard outcomes and says so', async () => {
    const text = await pathsTo(
      { machine: 'account-lookup', state: 'licensed', strategy: 'shortest', limit: 20 },
      load,
      sources,
    );
    expect(text).toContain('from the bare machine (structural)');
    expect(text).toContain('guard outcomes are chosen freely');
    expect(text).toContain('   LOOKUP: idle → checking');
    expect(text).toContain(
      '   account answers: checking → routing; always: routing → licensed if hasLicence (not isCoach)',
    );
  });

  it('explores every guard branch of the bare machine: each state and transition is on some path', () => {
    const model = structuralModel(accountLookupMachine);
    const paths = generatePaths(model);
    const ends = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect([...ends].sort()).toEqual(
      ['idle', 'checking', 'coachHome', 'licensed', 'parentHome', 'signUp', 'failed']
        .map((v) => JSON.stringify(v))
        .sort(),
    );
  });

  it('accepts a unique last part of a state path and explains an unknown state', async () => {
    await expect(
      pathsTo({ machine: 'wizard', state: 'nowhere', strategy: 'shortest', limit: 20 }, load, sources),
    ).rejects.toThrow('"nowhere" names no state of machine "wizard". States: account, guardian, plan, payment, done');
    await expect(
      pathsTo({ machine: 'checkout', state: 'plan', strategy: 'shortest', limit: 20 }, load, sources),
    ).rejects.toThrow('No machine "checkout" (flows: account-lookup, wizard).');
  });
});

describe("the flows' importable models", () => {
  it('load outside vitest (npm run paths:to): no test hooks at module level, those belong in the test files', () => {
    const dir = join(import.meta.dirname, '..');
    const models = readdirSync(dir).filter((name) => name.endsWith('.model.ts'));
    expect(models.length).toBeGreaterThan(0);
    const withHooks = models.filter((name) =>
      /\b(beforeEach|afterEach|beforeAll|afterAll)\s*\(/.test(readFileSync(join(dir, name), 'utf8')),
    );
    expect(withHooks).toEqual([]);
  });
});
