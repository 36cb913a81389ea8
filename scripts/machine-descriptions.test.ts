import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStateMachine } from '../src/flows/flow-exports.ts';
import { siteConfigDefine } from '../vite.config.ts';
import { MACHINE_MODULE, stripMachineDescriptions } from './machine-descriptions.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MACHINE_FILES = readdirSync(path.join(ROOT, 'src/machines'))
  .filter((name) => name.endsWith('.machine.ts'))
  .sort();

/** The same length and the same line breaks: every other character keeps its place (the source map is the identity). */
function expectSamePlaces(before: string, after: string): void {
  expect(after).toHaveLength(before.length);
  expect([...after.matchAll(/\r?\n/g)].map((match) => match.index)).toEqual(
    [...before.matchAll(/\r?\n/g)].map((match) => match.index),
  );
}

const CHART = `import { setup } from 'xstate';
const step = 'one';
export const fixtureMachine = setup({}).createMachine({
  id: 'fixture',
  description: 'spec §1: the root',
  context: { description: 'a context value' },
  initial: 'first',
  states: {
    first: {
      description: "spec §2: " + \`step \${step}\`,
      on: {
        NEXT: { target: 'second', description: 'spec §3' },
        BACK: [
          { guard: 'isFirst', target: 'second', description: \`guarded\` },
          { target: 'first', actions: { type: 'log', params: { description: 'a param' } } },
        ],
        PLAIN: 'second',
      },
      after: { 1000: { target: 'second', description: 'timed out' } },
    },
    second: {
      description: describe('computed'),
      invoke: { id: 'call', src: 'call', onDone: { target: 'third', description: 'answered' }, onError: [{ target: 'first', description: 'refused' }] },
      always: { guard: 'isDone', target: 'third', description: 'nothing to wait for' },
      ...shared,
    },
    third: { type: 'final', description: 'the end' },
  },
});
const notAChart = { description: 'kept' };
`;

describe('stripMachineDescriptions', () => {
  it("blanks the chart's descriptions and keeps everything else in its place", () => {
    const stripped = stripMachineDescriptions(CHART, 'fixture.machine.ts');
    expectSamePlaces(CHART, stripped);
    expect(stripped.replace(/\s+/g, ' ')).toBe(
      `import { setup } from 'xstate'; const step = 'one'; export const fixtureMachine = setup({}).createMachine({ id: 'fixture', context: { description: 'a context value' }, initial: 'first', states: { first: { on: { NEXT: { target: 'second', }, BACK: [ { guard: 'isFirst', target: 'second', }, { target: 'first', actions: { type: 'log', params: { description: 'a param' } } }, ], PLAIN: 'second', }, after: { 1000: { target: 'second', } }, }, second: { description: describe('computed'), invoke: { id: 'call', src: 'call', onDone: { target: 'third', }, onError: [{ target: 'first', }] }, always: { guard: 'isDone', target: 'third', }, ...shared, }, third: { type: 'final', }, }, }); const notAChart = { description: 'kept' }; `,
    );
  });

  it('leaves code it cannot parse, and modules without a chart, as they are', () => {
    expect(stripMachineDescriptions('const x = {', 'broken.ts')).toBe('const x = {');
    expect(stripMachineDescriptions(`export const a = { description: 'kept' };`, 'a.ts')).toBe(
      `export const a = { description: 'kept' };`,
    );
  });

  it('applies to the machine modules the pages import, not to the /flows copies', () => {
    expect(MACHINE_MODULE.test('/repo/src/machines/register.machine.ts')).toBe(true);
    expect(MACHINE_MODULE.test('/repo/src/machines/register.machine.ts?flows')).toBe(false);
    expect(MACHINE_MODULE.test('/repo/src/machines/card-steps.ts')).toBe(false);
  });
});

/** The machine's definition as JSON, with or without its descriptions. */
function definitionOf(module: Record<string, unknown>, withDescriptions: boolean): string {
  const machine = Object.values(module).find(isStateMachine);
  if (!machine) throw new Error('the module exports no machine');
  return JSON.stringify(machine.definition, (key, value: unknown) => {
    if (key === 'description' && !withDescriptions) return undefined;
    return typeof value === 'function' ? '[function]' : value;
  });
}

describe('every product machine, built with its descriptions blanked', () => {
  // The build's transform, on the modules as written; each machine is loaded once blanked (below) and once as
  // written (the test's own import).
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      appType: 'custom',
      define: siteConfigDefine('test'),
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
      plugins: [
        {
          name: 'strip-for-test',
          enforce: 'pre',
          transform(code, id) {
            return MACHINE_MODULE.test(id) ? { code: stripMachineDescriptions(code, id), map: null } : null;
          },
        },
      ],
    });
  });
  afterAll(() => server?.close());

  it.each(MACHINE_FILES)('%s: the same chart, guards, actions and actors, without the descriptions', async (file) => {
    const source = readFileSync(path.join(ROOT, 'src/machines', file), 'utf8');
    const stripped = stripMachineDescriptions(source, file);
    expectSamePlaces(source, stripped);
    const asWritten: Record<string, unknown> = await import(`../src/machines/${file}`);
    const blanked = await server.ssrLoadModule(`/src/machines/${file}`);
    expect(definitionOf(blanked, false)).toBe(definitionOf(asWritten, false));
    // The chart's own texts are gone (a helper's, built outside createMachine, may stay).
    if (/\bdescription:/.test(source)) {
      expect(definitionOf(blanked, true).length).toBeLessThan(definitionOf(asWritten, true).length);
    }
  });
});
