import { expect, test } from './support/fixtures';

/**
 * Content-Security-Policy (issue 19 point 8, server/http/csp.ts): every page sends one, the built pages' own inline
 * scripts run by their hashes, and a script injected into a served page does not. Every other browser test fails on
 * any violation its pages report (e2e/support/fixtures.ts); the tests here that provoke one take it.
 */

/** The directives of a policy header, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

test.describe('Content-Security-Policy', () => {
  test('every page sends one: the site, /draft rendered on the server, the sandbox page and /dev/mailbox', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').host;
    for (const path of ['/', '/login', '/licenses/TIGERS-2027', '/subscribe', '/draft?draft_id=1', '/no/such/page']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const policy = directives(response.headers()['content-security-policy']);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts[0], path).toBe("'self'");
      // Only the site and the built inline scripts (the sandbox build configures no provider script).
      expect(
        scripts.slice(1).every((source) => source.startsWith("'sha256-") || source === "'report-sample'"),
        `${path}: ${scripts.join(' ')}`,
      ).toBe(true);
      expect(scripts.length, path).toBeGreaterThan(1);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('connect-src'), path).toEqual(expect.arrayContaining(["'self'", `ws://${origin}`]));
      expect(policy.get('frame-src'), path).toEqual(["'self'"]);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'self'"]);
      // Not production: no Strict-Transport-Security (server/http/csp.test.ts checks production).
      expect(response.headers()['strict-transport-security'], path).toBeUndefined();
    }

    for (const path of ['/dev/mailbox', '/sandbox/3ds?client_secret=x&return_url=nope']) {
      const response = await request.get(path);
      const policy = directives(response.headers()['content-security-policy']);
      expect(policy.get('default-src'), path).toEqual(["'none'"]);
      expect(policy.get('script-src'), path).toEqual(["'none'"]);
      expect(
        policy.get('style-src')?.every((source) => source.startsWith("'sha256-")),
        path,
      ).toBe(true);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
    }
  });

  test("the built pages' inline scripts run, and a script injected into a page does not", async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Already have a Diamond Academy App account?');
    // The prerendered page's inline preload script ran (its hash is in the policy): it added the modulepreloads.
    await expect.poll(() => page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    expect(cspViolations.list()).toEqual([]);

    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const image = document.createElement('div');
      image.innerHTML = '<img src="data:," onload="window.__injectedHandler = true">';
      document.body.append(image);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { script: Reflect.get(window, '__injected'), handler: Reflect.get(window, '__injectedHandler') };
    });
    expect(ran).toEqual({ script: undefined, handler: undefined });

    await expect
      .poll(() => cspViolations.list().map((violation) => `${violation.effectiveDirective} ${violation.blockedURI}`))
      .toEqual(expect.arrayContaining(['script-src-elem inline', 'script-src-attr inline']));
    const violations = cspViolations.take();
    expect(violations.every((violation) => violation.disposition === 'enforce')).toBe(true);
    expect(violations.map((violation) => violation.sample)).toEqual(
      expect.arrayContaining(['window.__injected = true']),
    );
  });

  test('a violation the test does not take fails it (the guard every browser test runs under)', async ({
    page,
    cspViolations,
  }) => {
    // Expected to fail: the fixture's check after the body finds the violation. Should the check ever let it pass,
    // Playwright reports this test as "expected to fail, but passed".
    test.fail();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'void 0';
      document.body.append(script);
    });
    await expect.poll(() => cspViolations.list().length).toBeGreaterThan(0);
  });
});
