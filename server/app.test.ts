import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
import { createTestApp, type TestApp } from './test/app-harness.ts';
import { expectError } from './test/expect-error.ts';
import { loggingApp } from './test/logging-app.ts';

// These checks only read, or write nothing another check looks at: one database for the file.
let t: TestApp;
let guardian: string;
beforeAll(async () => {
  t = await createTestApp();
  guardian = await t.tokenFor('parent@example.com');
});
afterAll(() => t.close());

/** Every call of docs/api.md that needs a bearer token (the staff API has its own). */
const PROTECTED: [method: string, path: string][] = [
  ['GET', '/api/user'],
  ['PUT', '/api/user/1'],
  ['POST', '/api/auth/register-athlete'],
  ['POST', '/api/user/latest-license'],
  ['GET', '/api/user/latest-license'],
  ['GET', '/api/user/athletes'],
  ['POST', '/api/registration-link/license-link'],
  ['POST', '/api/subscribe/claim-license'],
  ['POST', '/api/subscribe/process'],
  ['GET', '/api/memberships/duplicate-status/1'],
  ['GET', '/api/memberships/subscription-status'],
  ['POST', '/api/memberships/payment-plans'],
  ['POST', '/api/memberships/checkout'],
  ['POST', '/api/memberships/checkout-success'],
  ['POST', '/api/player'],
  ['GET', '/api/player/create'],
  ['GET', '/api/position'],
];

/** Every call with a JSON body, and whether it has required fields (plan-details takes `{}`). */
const JSON_BODIES: [method: string, path: string, token: 'guardian' | 'staff' | null, fields?: false][] = [
  ['POST', '/api/auth/login', null],
  ['POST', '/api/website-token/validate', null],
  ['PUT', '/api/user/1', 'guardian'],
  ['POST', '/api/auth/register', null],
  ['POST', '/api/auth/register-athlete', 'guardian'],
  ['POST', '/api/auth/check-email', null],
  ['POST', '/api/auth/logout', null],
  ['POST', '/api/auth/password/forgot-password', null],
  ['POST', '/api/auth/password/forgot-password-reset', null],
  ['POST', '/api/user/latest-license', 'guardian'],
  ['POST', '/api/registration-link/license-link', 'guardian'],
  ['POST', '/api/subscribe/plan-details', null, false],
  ['POST', '/api/subscribe/claim-license', 'guardian'],
  ['POST', '/api/subscribe/process', 'guardian'],
  ['POST', '/api/memberships/payment-plans', 'guardian'],
  ['POST', '/nova-field/team-draft-payment-plans', null],
  ['POST', '/api/memberships/checkout', 'guardian'],
  ['POST', '/api/memberships/checkout-success', 'guardian'],
  ['POST', '/api/player', 'guardian'],
  ['PUT', '/api/staff/drafts/1', 'staff'],
];

const tokenOf = (kind: 'guardian' | 'staff' | null) =>
  kind === 'guardian' ? guardian : kind === 'staff' ? 'staff-dev-token' : null;

describe('cross-cutting behaviour', () => {
  it('answers the health check', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('documents every call of the contract at /api/docs', async () => {
    const docs = await t.call('GET', '/api/docs');
    expect(docs.status).toBe(200);
    const paths = Object.keys((docs.body as { paths: Record<string, unknown> }).paths);
    for (const expected of [
      '/api/auth/login',
      '/api/website-token/validate',
      '/api/user',
      '/api/user/{id}',
      '/api/auth/register',
      '/api/auth/register-athlete',
      '/api/auth/check-email',
      '/api/auth/logout',
      '/api/auth/password/forgot-password',
      '/api/auth/password/forgot-password-reset',
      '/api/user/latest-license',
      '/api/user/athletes',
      '/api/subscribe/validate-organization/{organization}',
      '/api/subscribe/coupon-details/{code}',
      '/api/registration-link/info/{code}',
      '/api/registration-link/license/coach/code/{code}',
      '/api/registration-link/license-link',
      '/api/subscribe/plan-details',
      '/api/subscribe/claim-license',
      '/api/subscribe/process',
      '/api/memberships/duplicate-status/{athlete}',
      '/api/memberships/subscription-status',
      '/api/memberships/payment-plans',
      '/nova-field/team-draft-payment-plans',
      '/api/discount-codes/{code}',
      '/api/memberships/checkout',
      '/api/memberships/checkout-success',
      '/api/player',
      '/api/player/create',
      '/api/position',
      '/api/white-label-settings/{build}',
      '/api/organizations/{id}/website-css',
      '/api/clients/{clientId}/website-css',
      '/api/health',
      '/api/staff/drafts/{id}',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('answers 401 on every protected call without a token or with a dead one', async () => {
    for (const [method, route] of PROTECTED) {
      const body = method === 'GET' ? undefined : {};
      expectError(await t.call(method, route, { body }), 401, 'Unauthenticated.');
      expectError(await t.call(method, route, { body, token: 'revoked-or-made-up' }), 401);
    }
  });

  it('answers 400 for malformed JSON and 422 for wrong types, always with the error shape', async () => {
    for (const [method, route, kind, fields] of JSON_BODIES) {
      const token = tokenOf(kind);
      const malformed = await t.call(method, route, { token, rawBody: '{"email": ' });
      expectError(malformed, 400, 'The request body is not valid JSON.');
      expectError(await t.call(method, route, { token, rawBody: '[1, 2]' }), 422);
      if (fields === false) continue;
      const wrongTypes = await t.call(method, route, {
        token,
        body: {
          email: 5,
          password: [],
          user_id: 'x',
          draft_id: {},
          team_id: 'x',
          license_code: 7,
          term: 1,
          name: 3,
          total_dues: 'x',
          discount_code: 5,
        },
      });
      expectError(wrongTypes, 422);
    }
  });

  it('refuses other media types, oversized bodies and unknown API paths with the error shape', async () => {
    expectError(
      await t.call('POST', '/api/auth/login', {
        rawBody: 'email=a',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
    );
    expectError(
      await t.call('POST', '/api/auth/check-email', { body: { email: `${'a'.repeat(70_000)}@example.com` } }),
      413,
      'The request body is too large.',
    );
    expectError(await t.call('GET', '/api/nothing-here'), 404, 'Not found.');
    expectError(await t.call('DELETE', '/api/user'), 404);
  });

  it('allows the configured site origins by CORS and no others', async () => {
    const preflight = (origin: string) =>
      t.call('OPTIONS', '/api/auth/login', {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,authorization,x-requested-with',
        },
      });
    const allowed = await preflight('http://127.0.0.1:5173');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const same = await t.call('GET', 'http://192.168.1.20:5173/api/health', {
      headers: { Origin: 'http://192.168.1.20:5173' },
    });
    expect(same.headers.get('access-control-allow-origin')).toBe('http://192.168.1.20:5173');

    const configured = createApp({
      ...t.deps,
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CORS_ORIGINS: 'https://alt.example.com' }),
    });
    const request = (origin: string) => configured.request('/api/health', { headers: { Origin: origin } });
    expect((await request('https://alt.example.com')).headers.get('access-control-allow-origin')).toBe(
      'https://alt.example.com',
    );
    expect((await request('http://localhost:5173')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('shows the outbox at /dev/mailbox with clickable links, and not in production', async () => {
    await t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'trial@example.com' } });
    const page = await t.call('GET', '/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Reset your password');
    expect(page.text).toMatch(
      /<a href="http:\/\/localhost:5173\/resetpwd\/forgot\?token=[^"]+&#38;email=trial%40example\.com">/,
    );

    const production = createApp({
      ...t.deps,
      env: parseEnv({
        NODE_ENV: 'production',
        STAFF_TOKEN: 'a-long-production-secret',
        PUBLIC_URL: 'https://app.example.com',
      }),
    });
    expect((await production.request('/dev/mailbox')).status).toBe(404);
  });

  it('serves the built site with an index.html fallback for client routes', async () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'site-'));
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>site</title>');
    mkdirSync(path.join(site, 'assets'));
    writeFileSync(path.join(site, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = createApp(t.deps, { siteDir: site });
    const page = await app.request('/licenses/TIGERS-2027?claimed_login=true');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>site</title>');
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect((await app.request('/api/unknown')).status).toBe(404);
    expect((await app.request('/api/health')).status).toBe(200);
  });
});

describe("the browser tests' reset", () => {
  it('is mounted only when the server was started with TEST_RESET, and answers 204 once the rows are back', async () => {
    let resets = 0;
    const withReset = createApp(t.deps, {
      testReset: async () => {
        resets += 1;
      },
    });
    expect((await withReset.request('/api/test/reset', { method: 'POST' })).status).toBe(204);
    expect(resets).toBe(1);
    expect((await createApp(t.deps).request('/api/test/reset', { method: 'POST' })).status).toBe(404);
    expect((await t.call('POST', '/api/test/reset')).status).toBe(404);
    expect(resets).toBe(1);
  });
});

describe('server faults', () => {
  it('answer a bare 500 without internals', async () => {
    const broken = await createTestApp();
    const token = await broken.tokenFor('parent@example.com');
    await broken.close();
    const result = await broken.call('GET', '/api/user', { token });
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ message: 'Server Error', messages: {} });
  });

  it('answer 422, not 500, when text PostgreSQL cannot store slips past the validation of a route', async () => {
    const app = createApp(t.deps);
    // A route without the shared validation hook, handing its input straight to the database.
    app.get('/api/unchecked/:text', async (c) => {
      await t.db.execute(sql`SELECT ${c.req.param('text')}::text`);
      return c.json({ ok: true });
    });
    expect((await app.request('/api/unchecked/plain')).status).toBe(200);
    const refused = await app.request('/api/unchecked/nul%00');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: 'The request contains characters that are not allowed.',
      messages: {},
    });
  });
});

describe('hostile input', () => {
  const NUL = '\u0000';
  const LONE_SURROGATE = '\ud800';
  const refused = (field: string) => ({
    [field]: [`The ${field.replaceAll('_', ' ')} field contains characters that are not allowed.`],
  });
  const registration = {
    name: 'New Person',
    email: 'new.person@example.com',
    phone: '555-000-1234',
    password: 'Password1!',
    password_confirmation: 'Password1!',
  };

  it('refuses a NUL or a lone surrogate in any body field with 422 naming the field', async () => {
    const parentId = (await t.call('GET', '/api/user', { token: guardian }).then((r) => r.body as { id: number })).id;
    for (const bad of [NUL, LONE_SURROGATE]) {
      const cases: [method: string, path: string, field: string, body: Record<string, unknown>, token?: string][] = [
        ['POST', '/api/auth/login', 'email', { email: `parent${bad}@example.com`, password: 'Password1!' }],
        ['POST', '/api/auth/login', 'password', { email: 'parent@example.com', password: `Password1!${bad}` }],
        ['POST', '/api/auth/register', 'name', { ...registration, name: `New${bad}` }],
        ['POST', '/api/auth/register', 'license', { ...registration, license: `TIGERS${bad}` }],
        [
          'POST',
          '/api/auth/register-athlete',
          'relationship',
          { ...registration, username: 'new.athlete', relationship: `Mother${bad}` },
          guardian,
        ],
        ['PUT', `/api/user/${parentId}`, 'name', { ...registration, name: `Pat${bad}` }, guardian],
        ['POST', '/api/user/latest-license', 'license_code', { license_code: `TIGERS${bad}` }, guardian],
        ['POST', '/api/subscribe/claim-license', 'license_code', { license_code: `TIGERS${bad}` }, guardian],
        ['POST', '/nova-field/team-draft-payment-plans', 'discount_code', { draft_id: 1, discount_code: `A${bad}` }],
        ['POST', '/nova-field/team-draft-payment-plans', `key${bad}`, { draft_id: 1, [`key${bad}`]: 'x' }],
      ];
      for (const [method, route, field, body, token] of cases) {
        const result = await t.call(method, route, { body, token: token ?? null });
        if (field.startsWith('key')) {
          // An unknown key is dropped by the schema and never stored: not an error.
          expect(result.status, result.text).toBe(200);
          continue;
        }
        expect(expectError(result, 422).messages, `${method} ${route} ${JSON.stringify(bad)}`).toEqual(refused(field));
      }
    }
  });

  it('refuses a NUL in a path parameter with 422 naming it, and malformed percent-encoding with a 4xx', async () => {
    for (const route of [
      '/api/registration-link/info/TIGERS%00-2027',
      '/api/registration-link/license/coach/code/COACH%00',
      '/api/discount-codes/SAVE10%00',
      '/api/subscribe/coupon-details/SAVE5%00',
      '/api/subscribe/validate-organization/north%00side',
      '/api/white-label-settings/web%00',
    ]) {
      const field = /\{(\w+)\}/.exec(paramPattern(route))?.[1] ?? '';
      expect(expectError(await t.call('GET', route), 422).messages, route).toEqual(refused(field));
    }
    for (const route of [
      '/api/registration-link/info/TIGERS%ED%A0%80', // the UTF-8 form of a lone surrogate
      '/api/registration-link/info/TIGERS%ZZ',
      '/api/discount-codes/%',
      '/api/memberships/duplicate-status/1%00',
      '/api/health?x=%00&y=%ZZ',
    ]) {
      const result = await t.call('GET', route, { token: guardian });
      expect(result.status, route).toBeLessThan(500);
      if (result.status >= 400) expectError(result, result.status);
    }
  });

  it('answers 413 to a real HTTP client that sends a 5 MB or 20 MB body before it reads the answer', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const size of [5_000_000, 20_000_000]) {
        for (const chunked of [false, true]) {
          const answer = await sendWholeBodyThenRead(port, '/api/auth/login', size, chunked);
          expect(answer, `${size} bytes, chunked ${chunked}`).toMatchObject({ status: 413 });
          expect(JSON.parse(answer.body)).toEqual({ message: 'The request body is too large.', messages: {} });
        }
        const viaFetch = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: new Uint8Array(size).fill(0x20),
        });
        expect(viaFetch.status).toBe(413);
        expect(await viaFetch.json()).toEqual({ message: 'The request body is too large.', messages: {} });
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** The documented path of a request path, e.g. /api/discount-codes/{code}. */
function paramPattern(route: string): string {
  const patterns: [RegExp, string][] = [
    [/^\/api\/registration-link\/info\//, '/api/registration-link/info/{code}'],
    [/^\/api\/registration-link\/license\/coach\/code\//, '/api/registration-link/license/coach/code/{code}'],
    [/^\/api\/discount-codes\//, '/api/discount-codes/{code}'],
    [/^\/api\/subscribe\/coupon-details\//, '/api/subscribe/coupon-details/{code}'],
    [/^\/api\/subscribe\/validate-organization\//, '/api/subscribe/validate-organization/{organization}'],
    [/^\/api\/white-label-settings\//, '/api/white-label-settings/{build}'],
  ];
  return patterns.find(([pattern]) => pattern.test(route))?.[1] ?? route;
}

/**
 * A client that writes the whole request before it reads anything (as Python's http.client and many SDKs do): the
 * socket is paused while sending, so an answer followed by a closed socket would be lost to the reset.
 */
function sendWholeBodyThenRead(
  port: number,
  route: string,
  size: number,
  chunked: boolean,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    socket.on('error', reject);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => {
      const text = Buffer.concat(received).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      let body = rest.join('\r\n\r\n');
      if (/transfer-encoding: chunked/i.test(head)) body = decodeChunked(body);
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const writeMore = () => {
      while (sent < size) {
        const length = Math.min(piece.length, size - sent);
        sent += length;
        const data = piece.subarray(0, length);
        const ok = chunked ? socket.write(`${length.toString(16)}\r\n${data.toString()}\r\n`) : socket.write(data);
        if (!ok) {
          socket.once('drain', writeMore);
          return;
        }
      }
      socket.write(chunked ? '0\r\n\r\n' : '', () => socket.resume());
    };
    socket.write(
      `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\nConnection: close\r\n\r\n`,
    );
    writeMore();
  });
}

function decodeChunked(body: string): string {
  let rest = body;
  let decoded = '';
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const length = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!length) return decoded;
    decoded += rest.slice(lineEnd + 2, lineEnd + 2 + length);
    rest = rest.slice(lineEnd + 2 + length + 2);
  }
}

describe('logs', () => {
  it('never hold passwords, hashes, tokens or the parameters of a failed query', async () => {
    const { app, lines, log } = loggingApp(t);
    const personal = {
      name: 'Quinn Secretname',
      email: 'quinn.private@example.com',
      phone: '555-867-5309',
      password: 'Sup3r-secret-pass',
      password_confirmation: 'Sup3r-secret-pass',
    };
    // A database fault in the middle of a registration: drizzle's error carries the insert's parameters.
    await t.db.execute(sql`CREATE FUNCTION zz_refuse_users() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER zz_refuse_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION zz_refuse_users()`,
    );
    try {
      const response = await app.request('/api/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${guardian}` },
        body: JSON.stringify(personal),
      });
      expect(response.status).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER zz_refuse_users ON users`);
      await t.db.execute(sql`DROP FUNCTION zz_refuse_users()`);
    }
    const errorLine = lines.find((line) => line.includes('unhandled error'));
    expect(errorLine).toBeDefined();
    const logged = JSON.parse(errorLine ?? '{}');
    expect(logged.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(logged.err.cause).toMatchObject({ message: 'refused by the test', code: 'P0001' });
    const everything = lines.join('\n');
    for (const secret of [personal.email, personal.phone, personal.password, personal.name, '$argon2', guardian]) {
      expect(everything).not.toContain(secret);
    }

    // The redact list catches an object logged by mistake.
    log.info({ password: 'p1', token: 't1', user: { passwordHash: 'h1', email: 'e1' } }, 'oops');
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({
      password: '[redacted]',
      token: '[redacted]',
      user: { passwordHash: '[redacted]', email: '[redacted]' },
    });
  });
});
