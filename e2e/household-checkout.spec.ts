import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { chooseCheckOrCash, markReceivedByCheque, NORTHSIDE_CHECK_INSTRUCTIONS } from './support/check-or-cash';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD, logInToConsole, registerGuardian, WEBSITE } from './support/session';

/**
 * Issue 20 points 1, 2, 6: the family checkout on the payment page against the real server and its card sandbox. Each
 * journey is a guardian it creates, with athletes of its own (the fixtures' Rivera household stays untouched for the
 * other journeys): log in with TIGERS-2027, pick the first athlete, then 'Add another athlete'.
 */

/** The lazy chunk of the family checkout's views (src/views/payment/household-checkout-view.tsx). */
const FAMILY_CHUNK = /^\/assets\/household-checkout-view-[\w-]+\.js$/;

const NORTHSIDE_WAIVER = 'I agree to the terms and conditions stated above. (Northside Youth Baseball waiver)';

/** A new guardian with the given athletes (registered through the API), its e-mail address. */
async function newFamily(request: APIRequestContext, prefix: string, athletes: readonly string[]): Promise<string> {
  const guardian = await registerGuardian(request, prefix, 'Pat Family', { do_not_claim: true });
  for (const name of athletes) {
    const response = await request.post('/api/auth/register-athlete', {
      headers: { ...WEBSITE, Authorization: `Bearer ${guardian.token}` },
      data: {
        name,
        username: `${name.split(' ')[0]?.toLowerCase()}${Date.now()}${Math.floor(Math.random() * 1e4)}`,
        password: FIXTURE_PASSWORD,
        password_confirmation: FIXTURE_PASSWORD,
        relationship: 'Mother',
      },
    });
    expect(response.ok(), `register ${name}`).toBe(true);
  }
  return guardian.email;
}

/** The athlete list of the athlete steps: pick one and go on (the licence is claimed for it). */
async function pickAthlete(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
  await check(page.getByRole('radio', { name }));
  await page.getByRole('button', { name: 'Next' }).click();
}

async function logInWithTigers(page: Page, email: string, first: string) {
  await page.goto('/login?license=TIGERS-2027');
  await page.getByLabel('Guardian Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await pickAthlete(page, first);
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
}

async function addAthlete(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add another athlete' }).click();
  await pickAthlete(page, name);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

function amountOf(page: Page, scope: string, term: string) {
  return page
    .locator(scope)
    .locator('.amounts__row', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');
}

/**
 * Chooses a plan, then waits for the quote it asks for: the family's total due today (every figure is the server's).
 * The choices are disabled while a quote runs, so the next choice is made once this one is priced.
 */
async function choosePlan(page: Page, athlete: string, plan: RegExp, dueToday: string) {
  const radio = page.getByRole('group', { name: `Payment plan for ${athlete}` }).getByRole('radio', { name: plan });
  await check(radio);
  await expect(amountOf(page, '.household-totals', 'Due today')).toHaveText(dueToday);
  await expect(radio).toBeChecked();
  await expect(page.locator('.household-athletes')).toHaveAttribute('aria-busy', 'false');
}

/** No serious axe violation at every viewport (320 px to desktop), and nothing wider than the viewport. */
async function checkA11y(page: Page, label: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${label} fits ${viewport.width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function payWith4242(page: Page, card = '4242 4242 4242 4242') {
  await enterCard(page, card);
  await check(page.getByRole('checkbox', { name: NORTHSIDE_WAIVER }));
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

test.describe('family checkout', () => {
  test('two siblings pay in full on 12U Tigers with the sibling discount', async ({ page, request }) => {
    const email = await newFamily(request, 'family.full', ['Sam Family', 'Alex Family']);
    // The family checkout's views are a lazy chunk (payment-flow.tsx): only 'Add another athlete' fetches it, never a
    // first visit to /payment (npm run bench leaves it out: AFTER_ADD_ANOTHER_ATHLETE).
    const familyChunks: string[] = [];
    page.on('request', (sent) => {
      if (FAMILY_CHUNK.test(new URL(sent.url()).pathname)) familyChunks.push(sent.url());
    });
    await logInWithTigers(page, email, 'Sam Family');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Add another athlete' })).toBeVisible();
    expect(familyChunks).toEqual([]);
    await addAthlete(page, 'Alex Family');
    expect(familyChunks).toHaveLength(1);

    await expect(page.getByRole('heading', { level: 2, name: 'Sam Family' })).toBeVisible();
    await expect(page.getByText('12U Tigers · Spring 2027')).toHaveCount(2);
    await choosePlan(page, 'Sam Family', /^Pay in full/, '$475.00');
    await choosePlan(page, 'Alex Family', /^Pay in full/, '$905.00');
    await expect(amountOf(page, '.household-totals', 'Sibling discount')).toHaveText('−$45.00');
    await checkA11y(page, 'family step 1');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
    const summary = '.household-summary__totals';
    await expect(amountOf(page, summary, 'Sibling discount')).toHaveText('−$45.00');
    await expect(amountOf(page, summary, 'Due today')).toHaveText('$905.00');
    await checkA11y(page, 'family checkout');
    await payWith4242(page);

    await expect(page).toHaveURL(/\/licenses\/TIGERS-2027\?claimed_registration=true$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sam Family' })).toBeVisible();
    const alex = page.getByRole('region', { name: 'Alex Family' });
    await expect(alex.locator('.amounts__row', { hasText: 'Sibling discount' })).toContainText('−$45.00');
  });

  test('three athletes on the monthly plan, one removed before paying', async ({ page, request }) => {
    const email = await newFamily(request, 'family.monthly', ['Sam Monthly', 'Alex Monthly', 'Casey Monthly']);
    await logInWithTigers(page, email, 'Sam Monthly');
    await addAthlete(page, 'Alex Monthly');
    await addAthlete(page, 'Casey Monthly');

    // The deposit and the app fee are due today for each ($75.00); the sibling discounts lower the instalments.
    await choosePlan(page, 'Sam Monthly', /^3 monthly payments/, '$75.00');
    await choosePlan(page, 'Alex Monthly', /^3 monthly payments/, '$150.00');
    await choosePlan(page, 'Casey Monthly', /^3 monthly payments/, '$225.00');
    await page.getByRole('button', { name: 'Remove Casey Monthly' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Casey Monthly' })).toHaveCount(0);
    await expect(amountOf(page, '.household-totals', 'Due today')).toHaveText('$150.00');
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.locator('.household-summary__athlete')).toHaveCount(2);
    await payWith4242(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sam Monthly' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Alex Monthly' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Casey Monthly' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Remaining payments' })).toBeVisible();
  });

  test('an athlete on another team of the club (STORM-2026) joins the checkout: one payment, no sibling discount across seasons', async ({
    page,
    request,
  }) => {
    const email = await newFamily(request, 'family.storm', ['Sam Storm', 'Alex Storm']);
    await logInWithTigers(page, email, 'Sam Storm');
    await page.getByRole('button', { name: 'Add another athlete' }).click();
    await expect(page.getByText('Team: 12U Tigers')).toBeVisible();
    await page.getByRole('button', { name: "Use another team's license code" }).click();
    await expect(page.getByRole('heading', { name: 'Another Team' })).toBeFocused();

    // A code of no team, then a coach licence, are refused beside the field; the 14U Storm code is taken.
    const code = page.getByLabel("Another team's license code");
    await code.fill('COACH-2027');
    await page.getByRole('button', { name: 'Use This Team' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "This is a coach license: enter the code of a team's registration link.",
    );
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await code.fill('STORM-2026');
    await page.getByRole('button', { name: 'Use This Team' }).click();
    await expect(page.getByText('Team: 14U Storm')).toBeVisible();
    await pickAthlete(page, 'Alex Storm');
    await expect(page.getByRole('heading', { level: 2, name: 'Alex Storm' })).toBeVisible();

    // Each athlete with their own team and season; different seasons: no household discount.
    await expect(page.getByText('12U Tigers · Spring 2027')).toHaveCount(1);
    await expect(page.getByText('14U Storm · Fall 2026')).toHaveCount(1);
    await choosePlan(page, 'Sam Storm', /^Pay in full/, '$475.00');
    await choosePlan(page, 'Alex Storm', /^Pay in full/, '$795.00');
    await expect(amountOf(page, '.household-totals', 'Sibling discount')).toHaveCount(0);
    await checkA11y(page, 'family step 1 with two teams');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
    await expect(amountOf(page, '.household-summary__totals', 'Due today')).toHaveText('$795.00');
    // The summary keeps its rows in place (CLS 0): the household discount row shows nothing off.
    await expect(amountOf(page, '.household-summary__totals', 'Sibling discount')).toHaveText('$0.00');
    // One organization: one waiver.
    await expect(page.getByRole('checkbox', { name: NORTHSIDE_WAIVER })).toHaveCount(1);
    const checkouts: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/household/checkout') checkouts.push(sent.method());
    });
    await payWith4242(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
    // One card payment for both teams.
    expect(checkouts).toEqual(['POST']);
    await expect(page.getByRole('region', { name: 'Sam Storm' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Alex Storm' })).toBeVisible();

    // Both memberships are recorded, each on its own team.
    const login = await request.post('/api/auth/login', {
      headers: WEBSITE,
      data: { email, password: FIXTURE_PASSWORD },
    });
    const { token } = (await login.json()) as { token: string };
    const memberships = await request.get('/api/memberships', {
      headers: { ...WEBSITE, Authorization: `Bearer ${token}` },
    });
    const body = JSON.stringify(await memberships.json());
    expect(body).toContain('12U Tigers');
    expect(body).toContain('14U Storm');
  });

  test('3-D Secure (4000 0025 0000 3155): back from the provider, the family checkout is recorded', async ({
    page,
    request,
  }) => {
    const email = await newFamily(request, 'family.threeds', ['Sam Secure', 'Alex Secure']);
    await logInWithTigers(page, email, 'Sam Secure');
    await addAthlete(page, 'Alex Secure');
    await choosePlan(page, 'Sam Secure', /^Pay in full/, '$475.00');
    await choosePlan(page, 'Alex Secure', /^Pay in full/, '$905.00');
    await page.getByRole('button', { name: 'Next' }).click();
    await payWith4242(page, '4000 0025 0000 3155');

    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    // The page that comes back is a fresh load: the checkout id this tab kept (sessionStorage) records it.
    await expect(page.getByText('Payment succeeded!')).toBeVisible();
    await expect(page).toHaveURL(/\/licenses\/TIGERS-2027\?claimed_registration=true$/);
    await expect(page.getByRole('region', { name: 'Sam Secure' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Alex Secure' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('diamond.householdCheckout'))).toBeNull();
  });
});

test.describe('family checkout by check or cash (issue 34 point 4)', () => {
  test('a family of two chooses check, the registrar marks it received and the family has its receipt', async ({
    page,
    browser,
    request,
  }) => {
    const instructions = NORTHSIDE_CHECK_INSTRUCTIONS;
    const email = await newFamily(request, 'family.check', ['Sam Check', 'Alex Check']);
    await logInWithTigers(page, email, 'Sam Check');
    await addAthlete(page, 'Alex Check');
    await choosePlan(page, 'Sam Check', /^Pay in full/, '$475.00');
    await choosePlan(page, 'Alex Check', /^Pay in full/, '$905.00');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
    await chooseCheckOrCash(page);
    await check(page.getByRole('checkbox', { name: NORTHSIDE_WAIVER }));
    await checkA11y(page, 'family check or cash on checkout');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/household/checkout') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Complete registration' }).click();
    const recorded = (await (await answer).json()) as {
      awaiting_payment: { athletes: { membership_id: number; name: string }[] };
    };
    expect(recorded.awaiting_payment.athletes.map((athlete) => athlete.name)).toEqual(['Sam Check', 'Alex Check']);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Registration complete: awaiting payment' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sam Check' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Alex Check' })).toBeVisible();
    await expect(page.getByText(instructions)).toBeVisible();
    await checkA11y(page, 'family awaiting payment');

    // One e-mail with the instructions for the household, no receipt yet.
    const mails = await browser.newPage();
    await mails.goto('/dev/mailbox');
    const toFamily = mails.getByRole('article').filter({ hasText: `To ${email}` });
    await expect(toFamily.filter({ hasText: 'How to pay Northside Youth Baseball by check or cash' })).toHaveCount(1);
    const receipts = toFamily.filter({ hasText: 'Receipt:' });
    await expect(receipts).toHaveCount(0);

    // The registrar marks each athlete's payment received (the existing offline mark): each sends its receipt.
    const staff = await browser.newPage();
    await logInToConsole(staff, 'registrar@northside.example');
    for (const athlete of recorded.awaiting_payment.athletes) await markReceivedByCheque(staff, athlete.membership_id);
    await staff.close();
    await mails.reload();
    await expect(receipts).toHaveCount(2);
    await mails.close();
  });
});
