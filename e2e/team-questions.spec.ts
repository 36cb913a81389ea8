/**
 * Issue 32 point 4, the club's own questions, in a browser: Lakeside's owner sees 12U Sharks' two questions in the
 * console; a family with a 12U Sharks membership (made through the API, its answers sent with the checkout) changes
 * its answers from /payments; a family registers an athlete for 12U Sharks through the flows, answers the questions in
 * the athlete steps and pays; Lakeside's registrar sees the answers on the roster. axe at 375 and 1280 px on each new
 * screen. One isolated server: this file changes data.
 */
import { expectNoA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD, WEBSITE } from './support/session';

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await acquireIsolatedServer();
});
test.afterAll(async () => {
  await server?.release();
});

async function staffLogIn(page: Page, email: string): Promise<void> {
  await page.goto(`${server.baseURL}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
}

async function axeAtEveryWidth(page: Page, label: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoA11yViolations(page, `${label} at ${viewport.width}px`);
  }
}

/** Pat Rivera's Sam on 12U Sharks (FULLRIDE: recorded at once) with a jersey size; Pat's login answer. */
async function samOnSharks(request: APIRequestContext): Promise<unknown> {
  const api = (path: string) => `${server.baseURL}${path}`;
  const login = await request.post(api('/api/auth/login'), {
    headers: WEBSITE,
    data: { email: 'parent@example.com', password: FIXTURE_PASSWORD },
  });
  const pat = (await login.json()) as { token: string };
  const auth = (token: string) => ({ ...WEBSITE, Authorization: `Bearer ${token}` });
  const athletes = (await (await request.get(api('/api/user/athletes'), { headers: auth(pat.token) })).json()) as {
    user_id: number;
    name: string;
    token: string;
  }[];
  const sam = athletes.find((athlete) => athlete.name === 'Sam Rivera');
  if (!sam) throw new Error('Sam Rivera is a fixture');
  // 12U Sharks has an age rule (issue 32 point 1): Sam's date of birth, one it allows, comes first.
  const born = await request.put(api(`/api/eligibility/athletes/${sam.user_id}/birth-date`), {
    headers: auth(pat.token),
    data: { birth_date: '2015-06-01', license_code: 'SHARKS-2027' },
  });
  expect(born.ok(), await born.text()).toBe(true);
  for (const path of ['/api/subscribe/claim-license', '/api/user/latest-license']) {
    const claimed = await request.post(api(path), { headers: auth(sam.token), data: { license_code: 'SHARKS-2027' } });
    expect(claimed.ok()).toBe(true);
  }
  const body = (answers?: Record<string, string>) => ({
    athletes: [{ athlete_id: sam.user_id, payment_plan_month: 0, ...(answers ? { answers } : {}) }],
    discount_code: 'FULLRIDE',
    checkout_key: 'sharks-questions-e2e',
  });
  // Answers sent without the required one: the checkout names it ('Jersey size').
  const refused = await request.post(api('/api/household/checkout'), { headers: auth(pat.token), data: body({}) });
  expect(refused.status()).toBe(422);
  const { messages } = (await refused.json()) as { messages: Record<string, string[]> };
  const jersey = Object.keys(messages)[0]?.split('.').at(-1) ?? '';
  const paid = await request.post(api('/api/household/checkout'), {
    headers: auth(pat.token),
    data: body({ [jersey]: 'YS' }),
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return pat;
}

test.describe
  .serial("12U Sharks' own questions", () => {
    test.describe.configure({ timeout: 120_000 });

    test("the owner sees the Sharks' questions in the console", async ({ page }) => {
      await staffLogIn(page, 'owner@lakeside.example');
      await page
        .getByRole('link', { name: /Season set-up/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: /^Season set-up/ })).toBeFocused();
      await page.getByRole('button', { name: 'Questions of 12U Sharks' }).click();
      const editor = page.getByRole('region', { name: 'Questions of 12U Sharks' });
      await expect(editor.getByLabel('Question')).toHaveCount(2);
      await expect(editor.getByLabel('Question').first()).toHaveValue('Jersey size');
      await expect(editor.getByLabel('Options (one per line)')).toHaveValue('YS\nYM\nYL\nAS\nAM');
      await expect(editor.getByLabel('Question').nth(1)).toHaveValue('Allergies or medical notes');
      await axeAtEveryWidth(page, 'the questions editor');
    });

    test('a family changes its answers from /payments; the registrar sees them on the roster', async ({
      page,
      request,
    }) => {
      const pat = await samOnSharks(request);
      // Stored as the site stores a login (support/session.ts storeUser, on this server's origin).
      await page.goto(`${server.baseURL}/no-such-page`);
      await page.evaluate((stored) => localStorage.setItem('diamond.currentUser', JSON.stringify(stored)), pat);
      await page.goto(`${server.baseURL}/payments`);
      await page.getByRole('button', { name: 'Change answers for Sam Rivera' }).click();
      await expect(page.getByRole('heading', { level: 2, name: '12U Sharks asks' })).toBeFocused();
      await expect(page.getByLabel(/^Jersey size/)).toHaveValue('YS');
      await axeAtEveryWidth(page, 'the questions step');
      await page.getByLabel(/^Jersey size/).selectOption('Choose…');
      await page.getByRole('button', { name: 'Save answers' }).click();
      await expect(page.getByText('Answer this question.')).toBeVisible();
      await expect(page.getByLabel(/^Jersey size/)).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel(/^Jersey size/).selectOption('AM');
      await page.getByLabel(/^Allergies or medical notes/).fill('Bee stings');
      await page.getByRole('button', { name: 'Save answers' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Answers saved.' })).toBeVisible();

      const staff = await page.context().browser()?.newPage();
      if (!staff) throw new Error('a second page');
      await staffLogIn(staff, 'registrar@lakeside.example');
      await staff.getByRole('link', { name: '12U Sharks' }).first().click();
      await expect(staff.getByRole('heading', { level: 1, name: '12U Sharks roster' })).toBeFocused();
      await staff.getByRole('button', { name: 'Answers of Sam Rivera' }).click();
      await expect(staff.getByText('Jersey size').locator('xpath=following-sibling::dd')).toHaveText('AM');
      await expect(staff.getByText('Allergies or medical notes').locator('xpath=following-sibling::dd')).toHaveText(
        'Bee stings',
      );
      await axeAtEveryWidth(staff, "the roster's answers");
      await staff.close();
    });

    test('a family answers the questions in the athlete steps, pays, and the registrar sees the answers', async ({
      page,
      browser,
    }) => {
      // Pat Rivera registers Alex for 12U Sharks from the licence's link, as a family does.
      await page.goto(`${server.baseURL}/login?license=SHARKS-2027`);
      await page.getByLabel('Guardian Email').fill('parent@example.com');
      await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
      await check(page.getByRole('radio', { name: 'Alex Rivera' }));
      await page.getByRole('button', { name: 'Next' }).click();
      // The team's age rule first (a date of birth it allows), then its own questions.
      await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();
      await page.getByLabel('Date of birth').fill('2015-06-01');
      await page.getByRole('button', { name: 'Continue' }).click();
      const heading = page.getByRole('heading', { level: 1, name: '12U Sharks asks' });
      await expect(heading).toBeFocused();
      await expect(page.getByText(/^Answers about Alex Rivera\./)).toBeVisible();
      await expect(page.getByLabel(/^Jersey size/)).toHaveValue('');
      await axeAtEveryWidth(page, 'the questions in the athlete steps');
      // Continue without the required size: the error is tied to its field and announced.
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert').first()).toHaveText('Check the answers marked below.');
      const jersey = page.getByLabel(/^Jersey size/);
      await expect(jersey).toHaveAttribute('aria-invalid', 'true');
      const errorId = await jersey.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Answer this question.');
      await axeAtEveryWidth(page, 'the questions with an error');
      await jersey.selectOption('YL');
      await page.getByLabel(/^Allergies or medical notes/).fill('Pollen');
      await page.getByRole('button', { name: 'Continue' }).click();

      // /payment: pay in full by card; the checkout finds the answers on record.
      await expect(page).toHaveURL(/\/payment$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
      await check(page.getByRole('radio', { name: /^Pay in full/ }));
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByLabel('Card number')).toBeVisible();
      const agree = page.getByLabel('I agree to the terms and conditions stated above.');
      if ((await agree.count()) > 0) await check(agree);
      await enterCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      // Issue 32 point 2: 12U Sharks requires a proof of age: the documents step, left for later (/payments).
      await expect(page.getByRole('heading', { level: 1, name: 'Documents for 12U Sharks' })).toBeFocused();
      await page.getByRole('button', { name: 'Upload later' }).click();
      await expect(page).toHaveURL(/\/licenses\/SHARKS-2027\?claimed_registration=true$/);

      const staff = await browser.newPage();
      await staffLogIn(staff, 'registrar@lakeside.example');
      await staff.getByRole('link', { name: '12U Sharks' }).first().click();
      await expect(staff.getByRole('heading', { level: 1, name: '12U Sharks roster' })).toBeFocused();
      await staff.getByRole('button', { name: 'Answers of Alex Rivera' }).click();
      await expect(staff.getByText('Jersey size').locator('xpath=following-sibling::dd')).toHaveText('YL');
      await expect(staff.getByText('Allergies or medical notes').locator('xpath=following-sibling::dd')).toHaveText(
        'Pollen',
      );
      await staff.close();
    });
  });
