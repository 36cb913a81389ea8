import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whiteLabelSchema } from '../../src/api/schemas.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { subdomainOf } from './branding.ts';

// Read-only routes: one database for the file.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('white label', () => {
  it('answers the client branding on the bare host, with images that load', async () => {
    const label = expectOk(
      await t.call('GET', 'http://localhost:5173/api/white-label-settings/BUILD'),
      whiteLabelSchema,
    );
    expect(label.strings.app_name).toBe('Diamond Academy');
    expect(label.images.app_icon['120']).toBe(
      'http://localhost:5173/static/white-label/diamond-academy-app-icon-120.svg',
    );
    for (const url of [
      label.images.app_icon['120'],
      label.images.app_icon['180'],
      label.images.fullLogo['1x'],
      label.images.fullLogoWithoutSubtitle['1x'],
    ]) {
      const image = await t.call('GET', new URL(url).pathname);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect(image.text).toContain('<svg');
      expect(image.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'self'",
      );
    }
  });

  it("answers the organization's branding on its subdomain", async () => {
    const label = expectOk(
      await t.call('GET', 'http://northside.localhost:5173/api/white-label-settings/BUILD'),
      whiteLabelSchema,
    );
    expect(label.strings.app_name).toBe('Northside Youth Baseball');
    expect(label.images.fullLogo['1x']).toBe(
      'http://northside.localhost:5173/static/white-label/northside-full-logo.svg',
    );
    const lakeside = expectOk(
      await t.call('GET', 'http://lakeside.localhost:5173/api/white-label-settings/BUILD'),
      whiteLabelSchema,
    );
    expect(lakeside.strings.app_name).toBe('Diamond Academy');
  });

  it('reads subdomains of localhost and of PUBLIC_URL only', () => {
    expect(subdomainOf('northside.localhost:5173', undefined)).toBe('northside');
    expect(subdomainOf('northside.example.com', 'https://example.com')).toBe('northside');
    expect(subdomainOf('example.com', 'https://example.com')).toBeNull();
    expect(subdomainOf('www.example.com', 'https://example.com')).toBeNull();
    expect(subdomainOf('app.example.com', undefined)).toBeNull();
    expect(subdomainOf('127.0.0.1:5173', undefined)).toBeNull();
    expect(subdomainOf(undefined, undefined)).toBeNull();
  });

  it('refuses unknown image names', async () => {
    expectError(await t.call('GET', '/static/white-label/nothing.svg'), 404);
    expectError(await t.call('GET', '/static/white-label/..%2Fseed.ts'), 404);
  });
});

describe('stylesheets', () => {
  it('serves the organization and client stylesheets as text/css', async () => {
    const label = await t.call('GET', '/api/registration-link/info/TIGERS-2027');
    const organizationId = (label.body as { organization_id: number }).organization_id;
    const organization = await t.call('GET', `/api/organizations/${organizationId}/website-css`);
    expect(organization.status).toBe(200);
    expect(organization.headers.get('content-type')).toMatch(/^text\/css/);
    expect(organization.text).toContain('Northside Youth Baseball');
    const client = await t.call('GET', '/api/clients/1/website-css');
    expect(client.headers.get('content-type')).toMatch(/^text\/css/);
    expect(client.text).toContain('--brand-primary');
  });

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    expectError(await t.call('GET', '/api/organizations/9999/website-css'), 404);
    expectError(await t.call('GET', '/api/clients/9999/website-css'), 404);
    expectError(await t.call('GET', '/api/clients/abc/website-css'), 422);
  });
});
