/**
 * The host gauge: the CPU milliseconds one fixed piece of work costs this process (JSON, a regular expression, a sort,
 * brotli: the kinds of work the tests and the server do), the best of three. The code under test never changes it, so
 * two runs of `.ci/run` or of a bench that differ by as much as their gauges do were slowed by the machine (its
 * neighbours on the host, the clock it was given), not by a commit. `.ci/run` prints it at its start and end, and
 * bench:api, bench:admin and bench:lighthouse beside their load average.
 *
 * Dec 7 2026, 06:30 UTC, nothing else running: 515 to 976 ms in twelve runs within forty seconds (the same work, best of
 * three each time), a clean-clone `.ci/run` an hour before took 1,770 s: the machine itself varies by nearly two.
 *
 * One core's gauge does not tell what the two cores give together: on Dec 7 2026 at 09:10 UTC the same work run on
 * both cores at once (one process each) cost 475-636 ms on one and 728-889 ms on the other, where each alone
 * read ~480 ms; the CI run and the benches load both cores. `--both-cores` prints that figure too.
 *
 * Plain JavaScript: `.ci/run` runs it with plain node before anything is compiled. `node scripts/host-gauge.mjs`
 * prints one line; `node scripts/host-gauge.mjs --both-cores` a second one.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

function work() {
  // A deterministic pseudo-random sequence (no Math.random: the same work every time).
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const rows = Array.from({ length: 80_000 }, (_, index) => ({
    id: index,
    name: `athlete ${next().toString(36)}`,
    cents: next() % 100_000,
    paid: index % 3 === 0,
  }));
  const text = JSON.stringify(rows);
  const parsed = JSON.parse(text);
  const matches = text.match(/"name":"athlete [a-z0-9]*7[a-z0-9]*"/g)?.length ?? 0;
  const numbers = Array.from({ length: 800_000 }, next).sort((a, b) => a - b);
  const packed = brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return parsed.length + matches + numbers[0] + packed.length;
}

/** The gauge: CPU and wall milliseconds of the fixed work, the best of three runs (after one unrecorded). */
export function hostGauge() {
  work();
  let best = { cpuMs: Number.POSITIVE_INFINITY, wallMs: Number.POSITIVE_INFINITY };
  for (let run = 0; run < 3; run += 1) {
    const cpuFrom = process.cpuUsage();
    const wallFrom = performance.now();
    work();
    const cpu = process.cpuUsage(cpuFrom);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (cpuMs < best.cpuMs) best = { cpuMs, wallMs: performance.now() - wallFrom };
  }
  return { cpuMs: Math.round(best.cpuMs), wallMs: Math.round(best.wallMs) };
}

/** One line for a log: 'host gauge: 532 ms of CPU (wall 507 ms) for the fixed work (...)'. */
export function hostGaugeLine() {
  const { cpuMs, wallMs } = hostGauge();
  return `host gauge: ${cpuMs} ms of CPU (wall ${wallMs} ms) for the fixed work (scripts/host-gauge.mjs; lower is a faster machine)`;
}

/**
 * The same gauge in two processes at once (one per core on this machine), started together: the CPU milliseconds
 * each took, slowest first.
 */
export async function hostGaugeBothCores() {
  const script = fileURLToPath(import.meta.url);
  const gauges = await Promise.all(
    [0, 1].map(
      () =>
        new Promise((resolve, reject) => {
          execFile(process.execPath, [script, '--json'], (error, stdout) => {
            if (error) reject(error);
            else resolve(JSON.parse(stdout));
          });
        }),
    ),
  );
  return gauges.map((gauge) => gauge.cpuMs).sort((a, b) => b - a);
}

/** 'host gauge, both cores at once: 889 and 475 ms of CPU ...'. */
export async function hostGaugeBothCoresLine() {
  const [slower, faster] = await hostGaugeBothCores();
  return `host gauge, both cores at once: ${slower} and ${faster} ms of CPU for the same work (lower is faster)`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--json')) console.log(JSON.stringify(hostGauge()));
  else {
    console.log(hostGaugeLine());
    if (process.argv.includes('--both-cores')) console.log(await hostGaugeBothCoresLine());
  }
}
