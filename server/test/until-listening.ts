import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a server process started by a test answers GET /api/health, polling every `pollMs`; fails with the
 * process's output when it exits first or does not answer within `boundMs` (server/shutdown.test.ts,
 * server/multi-process.test.ts).
 */
export async function untilListening(
  base: string,
  child: ChildProcess,
  output: () => string,
  { boundMs, pollMs }: { boundMs: number; pollMs: number },
): Promise<void> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server at ${base} exited before it listened:\n${output()}`);
    if (Date.now() > deadline)
      throw new Error(`the server at ${base} did not listen within ${boundMs} ms:\n${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
