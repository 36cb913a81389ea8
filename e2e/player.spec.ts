import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { FIXTURE_PASSWORD, loginThroughApi, uniqueEmail } from './support/session';

const WEBSITE = { 'X-Requested-With': 'website' };

/**
 * A fresh athlete without a player profile, stored as the current user the way the site stores one: a new guardian
 * (unique e-mail) registers an athlete (§7 register-athlete answers the athlete's own session token), and the
 * athlete's user (GET /api/user with that token) is kept with the token under the site's storage key.
 */
async function storeNewAthlete(page: Page, request: APIRequestContext): Promise<void> {
  const guardianResponse = await request.post('/api/auth/register', {
    headers: WEBSITE,
    data: {
      name: 'Jamie Player-Guardian',
      email: uniqueEmail('player-guardian'),
      phone: '5550100200',
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
    },
  });
  expect(guardianResponse.ok(), await guardianResponse.text()).toBe(true);
  const guardian = (await guardianResponse.json()) as { token: string };

  const athleteResponse = await request.post('/api/auth/register-athlete', {
    headers: { ...WEBSITE, Authorization: `Bearer ${guardian.token}` },
    data: {
      name: 'Casey Player',
      username: `casey.${Date.now()}.${Math.floor(Math.random() * 1e6)}`,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      relationship: 'Mother',
    },
  });
  expect(athleteResponse.ok(), await athleteResponse.text()).toBe(true);
  const athlete = (await athleteResponse.json()) as { token: string };

  const userResponse = await request.get('/api/user', {
    headers: { ...WEBSITE, Authorization: `Bearer ${athlete.token}` },
  });
  expect(userResponse.ok(), await userResponse.text()).toBe(true);
  const user = (await userResponse.json()) as { player: unknown };
  expect(user.player).toBeNull();

  await page.goto('/no-such-page');
  await page.evaluate(
    (stored) => {
      localStorage.setItem('diamond.currentUser', JSON.stringify(stored));
    },
    { ...user, token: athlete.token },
  );
}

/**
 * Keeps the JSON bodies the site POSTs to /api/player. The API client streams request bodies (ky's duplex 'half'),
 * which the browser does not expose as post data to the test, so the page records them on the way out.
 */
async function recordPlayerBodies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const bodies: unknown[] = [];
    (window as unknown as { playerBodies: unknown[] }).playerBodies = bodies;
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/player') {
        bodies.push(JSON.parse(await request.clone().text()));
      }
      return originalFetch(request);
    };
  });
}

/** Every axe check of this flow runs at both widths of the acceptance (375 px and 1280 px). */
async function checkA11yAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${label} (${viewport.name})`);
  }
}

/** The first real option of a select (index 0 is 'Select'): the seeded option names are not part of the contract. */
async function chooseFirst(page: Page, label: string): Promise<string> {
  const select = page.getByLabel(label, { exact: true });
  await select.selectOption({ index: 1 });
  return select.inputValue();
}

test.describe('player profile (spec §2 Player profile)', () => {
  test('a new athlete completes both pages, the profile is sent with the §7 names and the athlete lands on /dashboard', async ({
    page,
    request,
  }) => {
    await recordPlayerBodies(page);
    await storeNewAthlete(page, request);
    await page.goto('/player');

    await expect(page.getByRole('heading', { level: 1, name: /Player profile\s*Page 1 of 2/ })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    // §5: an untouched page shows no message; touching a field without choosing shows its message.
    await expect(page.getByText('Birth month is required.')).toHaveCount(0);
    await page.getByLabel('Birth month').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Birth month is required.')).toBeVisible();
    await checkA11yAtBothWidths(page, 'player page 1 with a required message');

    await page.getByLabel('Birth month').selectOption({ label: 'February' });
    await page.getByLabel('Birth day').selectOption('29');
    await page.getByLabel('Birth year').selectOption('2012');
    await page.getByLabel('Feet').selectOption('5');
    await page.getByLabel('Inches').selectOption('2');
    await page.getByLabel('Weight (lbs)').fill('110');
    await page.getByLabel('Gender').selectOption({ label: 'Female' });
    await chooseFirst(page, 'Sport');
    const position = await chooseFirst(page, 'Position');
    const seasonStatus = await chooseFirst(page, 'Season status');
    await expect(page.getByText(/is required\.$/)).toHaveCount(0);
    await expect(next).toBeEnabled();
    await next.click();

    await expect(page.getByRole('heading', { level: 1, name: /Player profile\s*Page 2 of 2/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await checkA11yAtBothWidths(page, 'player page 2');

    // Back keeps page 1 (§2); then page 2 again.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Weight (lbs)')).toHaveValue('110');
    await expect(page.getByLabel('Birth day')).toHaveValue('29');
    await page.getByRole('button', { name: 'Next' }).click();

    const experience = [
      await chooseFirst(page, 'Lifting experience'),
      await chooseFirst(page, 'Speed ladder experience'),
      await chooseFirst(page, 'Medicine ball experience'),
      await chooseFirst(page, 'Plyometric jump experience'),
    ].map(Number);
    const weightGoal = Number(await chooseFirst(page, 'Weight goal'));

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const [sent] = await page.evaluate(() => (window as unknown as { playerBodies: unknown[] }).playerBodies);
    expect(sent).toEqual({
      birthday: '2/29/2012',
      sex: 'f',
      weight: 110,
      height: 62,
      position: Number(position),
      phase: Number(seasonStatus),
      lifting_experience: experience[0],
      agility_experience: experience[1],
      upper_plyometric_experience: experience[2],
      lower_plyometric_experience: experience[3],
      weight_goal: weightGoal,
    });
    // Success refreshed the stored user: it now has its player profile.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('diamond.currentUser') ?? 'null'));
    expect(stored?.player).toEqual({ id: expect.any(Number) });
  });

  test("player@example.com, who already has a profile, is sent to '/' and on by the entry redirect", async ({
    page,
    request,
  }) => {
    // Record the site's own history entries: '/' is replaced at once by where the entry route sends on (§4).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenPaths: string[] }).seenPaths = seen;
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (url !== undefined && url !== null) seen.push(new URL(String(url), location.href).pathname);
          original(data, unused, url);
        };
      }
    });
    await loginThroughApi(page, request, 'player@example.com');
    await page.goto('/player');
    // §4 Routing redirector: an existing athlete without a licence goes on to /dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    const seen = await page.evaluate(() => (window as unknown as { seenPaths: string[] }).seenPaths);
    expect(seen).toContain('/');
    expect(seen.indexOf('/')).toBeLessThan(seen.lastIndexOf('/dashboard'));
    await expect(page.getByLabel('Birth month')).toHaveCount(0);
  });

  test('a coach is sent to /dashboard', async ({ page, request }) => {
    await loginThroughApi(page, request, 'coach@example.com');
    await page.goto('/player');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
