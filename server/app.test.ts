import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
import { createTestApp, type TestApp } from './test/app-harness.ts';
import { expectError } from './test/expect-error.ts';

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
      /<a href="http:\/\/localhost\/resetpwd\/forgot\?token=[^"]+&#38;email=trial%40example\.com">/,
    );

    const production = createApp({
      ...t.deps,
      env: parseEnv({ NODE_ENV: 'production', STAFF_TOKEN: 'a-long-production-secret' }),
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

describe('server faults', () => {
  it('answer a bare 500 without internals', async () => {
    const broken = await createTestApp();
    const token = await broken.tokenFor('parent@example.com');
    await broken.close();
    const result = await broken.call('GET', '/api/user', { token });
    expect(result.status).toBe(500);
    expect(result.body).toEqual({ message: 'Server Error', messages: {} });
  });
});
