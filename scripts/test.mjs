/**
 * `npm test`: lint, the unit, API and model tests (vitest), then the browser tests (Playwright) with the type check
 * running beside them. The type check is one single-threaded process of ~40 s on the two-core CI machine; the browser
 * run starts by seeding its templates, starting the server and building the site, mostly on one core, so the check
 * fits there instead of adding its time in front of everything. Its output is printed when it ends; the run fails if
 * any part fails, and stops before the browser tests when lint or vitest fails.
 *
 * Plain JavaScript: it runs before anything is compiled, with plain node.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`, its output streamed (or collected when `quiet`); resolves with its exit code and output. */
function run(script, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main() {
  for (const script of ['lint', 'test:unit']) {
    const { code } = await run(script);
    if (code !== 0) return code;
  }
  console.log('\n> typecheck (beside the browser tests; its output follows when it ends)\n');
  const typecheck = run('typecheck', { quiet: true }).then((result) => {
    console.log(`\n> typecheck: ${result.code === 0 ? 'no errors' : `failed (exit ${result.code})`}`);
    if (result.output.trim()) console.log(result.output);
    return result.code;
  });
  const [browser, types] = await Promise.all([run('test:e2e'), typecheck]);
  return browser.code !== 0 ? browser.code : types;
}

process.exitCode = await main();
