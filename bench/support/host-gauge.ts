import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/host-gauge.mjs');

/**
 * scripts/host-gauge.mjs's line (the CPU milliseconds a fixed piece of work costs right now), run in a process of its
 * own: printed beside a bench's load average, so two runs of one bench can be told apart by the machine's speed.
 */
export function hostGaugeLine(): string {
  return execFileSync(process.execPath, [SCRIPT], { encoding: 'utf8' }).trim();
}
