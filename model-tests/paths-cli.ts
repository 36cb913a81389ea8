/**
 * `npm run paths:to -- <flow> <state> [--simple] [--limit N]` prints the shortest path (default) or the simple
 * paths from the start of a flow to a state, in words. <flow> is the file name in src/machines (or the machine
 * id); <state> a state path (`guardianLogin.invalid`), `#id`, or a unique last part (`invalid`).
 * See model-tests/README.md ("Paths to one state") for where the model comes from and the limits.
 */
import { withViteModules } from './harness/load-modules.ts';

const USAGE = 'Usage: npm run paths:to -- <flow> <state> [--simple] [--limit N]';

function parse(argv: readonly string[]) {
  const positional = argv.filter((arg, index) => !arg.startsWith('--') && argv[index - 1] !== '--limit');
  const limitAt = argv.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(argv[limitAt + 1]) : 20;
  const [machine, state] = positional;
  if (!machine || !state || !Number.isInteger(limit) || limit < 1) return null;
  return { machine, state, strategy: argv.includes('--simple') ? ('simple' as const) : ('shortest' as const), limit };
}

async function main(): Promise<number> {
  const options = parse(process.argv.slice(2));
  if (!options) {
    console.error(USAGE);
    return 2;
  }
  try {
    // The harness runs inside Vite's module graph too, so the machines, the models and it share one xstate.
    const text = await withViteModules(async (load) => {
      const { pathsTo } = (await load('model-tests/harness/paths-to.ts')) as typeof import('./harness/paths-to.ts');
      return pathsTo(options, load);
    });
    console.log(text);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main();
