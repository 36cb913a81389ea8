/**
 * What the API benches share (bench/api-latency.ts, bench/billing.ts): a free loopback port for a server process,
 * waiting for its health route, the site's JSON calls, and the family checkout's quote request (issue 20) of the
 * fixture household of Pat Rivera, made ready to be sent over and over.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

/** Asks the OS for a free loopback port (the PORT=0 idea, but known before the server starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Waits until the server answers /api/health (a first start may migrate and seed), or throws. */
export async function waitUntilHealthy(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs / 1000} s`);
}

/** The setup's own calls (log in, add and claim athletes): fetch asks for the encodings it decodes itself. */
export const SETUP_HEADERS: Record<string, string> = { 'X-Requested-With': 'website', Accept: 'application/json' };

/** The fixture guardian of the Rivera household (Sam and Alex), who quotes the family checkout (issue 20). */
export const HOUSEHOLD_PAYER = { email: 'parent@example.com', password: 'Password1!' };

export async function logIn(base: string, payer: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...SETUP_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify(payer),
  });
  const body = (await res.json()) as { token?: unknown };
  if (!res.ok || typeof body.token !== 'string') throw new Error(`login as ${payer.email} answered ${res.status}`);
  return body.token;
}

export async function call(base: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...SETUP_HEADERS, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

/** Issue 30 point 6: the family checkout's quote is measured for a household of this many athletes. */
export const HOUSEHOLD_ATHLETES = 5;

/**
 * The family checkout's quote (issue 20) for a household of five athletes on 12U Tigers: Pat Rivera's Sam and Alex
 * (the fixtures) and three siblings registered here (POST /api/auth/register-athlete, as the athlete steps do); each
 * athlete claims TIGERS-2027 with their own token first, so the quote prices five lines with the sibling discounts.
 * Answers the guardian's token and the request body of POST /api/household/quote.
 */
export async function householdQuote(base: string): Promise<{ token: string; body: string }> {
  const token = await logIn(base, HOUSEHOLD_PAYER);
  const fixtures = (await call(base, '/api/user/athletes', token)) as { user_id: number; token: string }[];
  const siblings = ['Casey', 'Drew', 'Emery'].slice(0, Math.max(0, HOUSEHOLD_ATHLETES - fixtures.length));
  for (const name of siblings) {
    await call(base, '/api/auth/register-athlete', token, {
      name: `${name} Rivera`,
      username: `${name.toLowerCase()}rivera${randomBytes(2).toString('hex')}`,
      password: 'Password1!',
      password_confirmation: 'Password1!',
      relationship: 'Mother',
    });
  }
  const athletes = (await call(base, '/api/user/athletes', token)) as { user_id: number; token: string }[];
  if (athletes.length !== HOUSEHOLD_ATHLETES) {
    throw new Error(`the household has ${athletes.length} athletes, not ${HOUSEHOLD_ATHLETES}`);
  }
  for (const athlete of athletes) {
    await call(base, '/api/subscribe/claim-license', athlete.token, { license_code: 'TIGERS-2027' });
  }
  const lines = athletes.map((athlete) => ({ athlete_id: athlete.user_id, payment_plan_month: 0 }));
  const body = JSON.stringify({ athletes: lines, discount_code: null });
  // The measured request must be a real quote of five lines, not a refusal answered fast.
  const quote = (await call(base, '/api/household/quote', token, JSON.parse(body))) as { athletes?: unknown[] };
  if (!Array.isArray(quote.athletes) || quote.athletes.length !== HOUSEHOLD_ATHLETES) {
    throw new Error(`the quote answered ${JSON.stringify(quote).slice(0, 200)}`);
  }
  return { token, body };
}
