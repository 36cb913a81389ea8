import {
  type APIRequestContext,
  type Browser,
  type CspViolations,
  expect,
  type Page,
  reportCspViolations,
} from './support/fixtures';
import { test } from './support/own-server';
import { payTigersThreeMonths, runBilling, usd } from './support/payer';
import {
  type ApiUser,
  FIXTURE_PASSWORD,
  loginThroughApi,
  registerGuardian,
  storeUser,
  WEBSITE,
} from './support/session';
import { updateFailedCard } from './support/update-card';

/**
 * Issue 20 point 6: an invited second guardian updates a failed card. Guardian A pays an athlete's team licence on a
 * 3-month plan with a card that pays today and declines later (4000 0000 0000 0341), the way the site pays: the
 * athlete claims the licence and records it as their latest with the athlete's own token, and the payment page pays
 * with that token. A invites B by e-mail; B accepts with the e-mailed link's token (the site's /household pages are
 * not part of this journey: the invite and the accept go through the API). The collector's charge of the first
 * instalment fails and both guardians are told; B, in a browser of their own, updates the card on /payments and the
 * instalment is collected at once; A sees it paid too. A guardian outside the household sees none of it. Apart from
 * the shared server (support/own-server.ts): the collector acts on every family of its server, and another file's run
 * could charge (and fail) A's instalment before this one's, with B not yet in the household.
 */

const LICENCE = 'TIGERS-2027';
const TEAM = '12U Tigers';
/** The site's storage key of the athlete token (src/session/athlete-token.ts: STORAGE_PREFIX + 'athleteToken'). */
const ATHLETE_TOKEN_KEY = 'diamond.athleteToken';

interface Athlete {
  user_id: number;
  name: string;
  token: string;
}

interface MembershipSummary {
  id: number;
  team_name: string;
  athlete_name: string | null;
  paid_cents: number;
  card: { brand: string; last4: string } | null;
  needs_card_update: boolean;
  phases: { id: number; due_date: string; amount_cents: number; status: string }[];
}

function bearer(token: string) {
  return { ...WEBSITE, Authorization: `Bearer ${token}` };
}

/**
 * A's athlete, created by A, who claims TIGERS-2027 and records it as their latest licence with the athlete's token
 * (the athlete steps' calls, src/machines/athlete-membership.machine.ts).
 */
async function athleteWithClaim(request: APIRequestContext, guardian: ApiUser, name: string): Promise<Athlete> {
  const created = await request.post('/api/auth/register-athlete', {
    headers: bearer(guardian.token),
    data: {
      name,
      username: `household${Date.now()}${Math.floor(Math.random() * 1e4)}`,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      relationship: 'Mother',
    },
  });
  expect(created.ok(), 'register athlete').toBe(true);
  const listed = await request.get('/api/user/athletes', { headers: bearer(guardian.token) });
  expect(listed.ok(), 'GET /api/user/athletes').toBe(true);
  const athlete = ((await listed.json()) as Athlete[]).find((each) => each.name === name);
  if (!athlete) throw new Error(`${name} is not among the guardian's athletes.`);
  const claim = await request.post('/api/subscribe/claim-license', {
    headers: bearer(athlete.token),
    data: { license_code: LICENCE },
  });
  expect(await claim.json()).toMatchObject({ status: 'OK' });
  const latest = await request.post('/api/user/latest-license', {
    headers: bearer(athlete.token),
    data: { license_code: LICENCE },
  });
  expect(latest.ok(), 'latest licence of the athlete').toBe(true);
  return athlete;
}

/** Pays the 3-month plan on /payment with `card`, the athlete's token stored as the site stores it. */
async function payThreeMonths(page: Page, guardian: ApiUser, athlete: Athlete, card: string): Promise<void> {
  await storeUser(page, guardian);
  await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
    key: ATHLETE_TOKEN_KEY,
    token: athlete.token,
  });
  await payTigersThreeMonths(page, card);
}

async function memberships(request: APIRequestContext, token: string): Promise<MembershipSummary[]> {
  const response = await request.get('/api/memberships', { headers: bearer(token) });
  expect(response.ok(), 'GET /api/memberships').toBe(true);
  return ((await response.json()) as { memberships: MembershipSummary[] }).memberships;
}

async function membership(request: APIRequestContext, token: string, id: number): Promise<MembershipSummary | null> {
  return (await memberships(request, token)).find((each) => each.id === id) ?? null;
}

/** The newest e-mail to `to` on /dev/mailbox (newest first) whose text has `hasText`. */
function mailTo(page: Page, to: string, hasText: string) {
  return page
    .getByRole('article')
    .filter({ hasText: `To ${to}` })
    .filter({ hasText })
    .first();
}

function factOf(page: Page, term: string) {
  return page
    .getByRole('article', { name: TEAM })
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');
}

/** A browser of its own for another person (its pages report CSP violations to the test like the test's own). */
async function freshBrowser(browser: Browser, cspViolations: CspViolations) {
  const context = await browser.newContext();
  await reportCspViolations(context, cspViolations);
  return context;
}

test.describe('a household of two guardians', () => {
  test('an invited second guardian updates a failed card; a third guardian sees none of it', async ({
    browser,
    cspViolations,
    page,
    request,
  }) => {
    // 1. Guardian A pays for their athlete: 3 monthly payments on a card that declines later charges.
    // As the register wizard does from /licenses/TIGERS-2027: the licence is remembered, the athlete claims it.
    const guardianA = await registerGuardian(request, 'household.a', 'Pat Household', {
      license: LICENCE,
      do_not_claim: true,
    });
    const athleteName = `Sam Household ${Math.floor(Math.random() * 1e6)}`;
    const athlete = await athleteWithClaim(request, guardianA, athleteName);
    await payThreeMonths(page, guardianA, athlete, '4000 0000 0000 0341');
    const [paid] = await memberships(request, guardianA.token);
    if (!paid) throw new Error("A's memberships do not list the athlete's membership.");
    expect(paid).toMatchObject({ team_name: TEAM, athlete_name: athleteName });
    const instalment = paid.phases.find((phase) => phase.status === 'scheduled');
    if (!instalment) throw new Error('The 3-month plan has no scheduled instalment.');

    // 2. A invites B by e-mail; B takes the token from the invite's link and accepts.
    const guardianB = await registerGuardian(request, 'household.b', 'Jamie Household', { do_not_claim: true });
    const invited = await request.post('/api/household/invites', {
      headers: bearer(guardianA.token),
      data: { name: 'Jamie Household', email: guardianB.email, relationship: 'Father' },
    });
    expect(invited.status(), 'POST /api/household/invites').toBe(201);
    await page.goto('/dev/mailbox');
    const invite = mailTo(page, guardianB.email, 'This link works once and expires in 7 days.');
    await expect(invite).toContainText(`Pat Household invited you to manage ${athleteName} on`);
    const href = await invite.locator('a[href*="/household/join?token="]').first().getAttribute('href');
    const token = new URL(href ?? 'http://invalid/').searchParams.get('token');
    expect(token, 'the token of the invite link').toBeTruthy();
    const accepted = await request.post('/api/household/invites/accept', {
      headers: bearer(guardianB.token),
      data: { token },
    });
    expect(accepted.ok(), 'POST /api/household/invites/accept').toBe(true);
    const { household } = (await accepted.json()) as { household: { guardians: { email: string }[] } };
    expect(household.guardians.map((guardian) => guardian.email).sort()).toEqual(
      [guardianA.email, guardianB.email].sort(),
    );
    // B now sees the athlete's membership as A does.
    expect((await membership(request, guardianB.token, paid.id))?.athlete_name).toBe(athleteName);

    // 3. The collector's charge of the first instalment fails. Another journey may run the collector for the same
    // date at the same time, so the instalment's status is what is checked, not this run's count.
    await runBilling(request, instalment.due_date);
    await expect
      .poll(
        async () =>
          (await membership(request, guardianA.token, paid.id))?.phases.find((p) => p.id === instalment.id)?.status,
      )
      .toBe('failed');
    // The failure notice goes to both guardians, each linking to the update-card page of this membership.
    await page.goto('/dev/mailbox');
    const updateLink = `/payments/update-card?membership_id=${paid.id}`;
    await expect(mailTo(page, guardianA.email, 'Payment failed:')).toContainText(updateLink);
    await expect(mailTo(page, guardianB.email, 'Payment failed:')).toContainText(updateLink);

    // 4. B, in a browser of their own, updates the card on /payments; the failed instalment is collected at once.
    const contextB = await freshBrowser(browser, cspViolations);
    try {
      const pageB = await contextB.newPage();
      await loginThroughApi(pageB, request, guardianB.email);
      await pageB.goto('/payments');
      await expect(pageB.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
      await expect(factOf(pageB, 'Athlete')).toHaveText(athleteName);
      await updateFailedCard(pageB, { team: TEAM, membershipId: paid.id, amountCents: instalment.amount_cents });
      await expect(factOf(pageB, 'Paid so far')).toHaveText(usd(paid.paid_cents + instalment.amount_cents));
      await expect(factOf(pageB, 'Card')).toHaveText('Visa ending in 4242');
    } finally {
      await contextB.close();
    }
    const after = await membership(request, guardianA.token, paid.id);
    expect(after?.phases.find((phase) => phase.id === instalment.id)?.status).toBe('paid');
    expect(after?.needs_card_update).toBe(false);

    // A's /payments shows the same.
    await page.goto('/payments');
    const cardA = page.getByRole('article', { name: TEAM });
    await expect(factOf(page, 'Athlete')).toHaveText(athleteName);
    await expect(factOf(page, 'Paid so far')).toHaveText(usd(paid.paid_cents + instalment.amount_cents));
    await expect(factOf(page, 'Card')).toHaveText('Visa ending in 4242');
    await expect(cardA.getByRole('alert')).toHaveCount(0);
    await expect(cardA.getByRole('row').filter({ hasText: 'Failed' })).toHaveCount(0);

    // 5. A third guardian, not invited, sees none of it and cannot touch the membership.
    const guardianC = await registerGuardian(request, 'household.c', 'Robin Outsider', { do_not_claim: true });
    expect(await memberships(request, guardianC.token)).toEqual([]);
    const athletesOfC = await request.get('/api/user/athletes', { headers: bearer(guardianC.token) });
    expect(await athletesOfC.json()).toEqual([]);
    const setup = await request.post(`/api/memberships/${paid.id}/card-setup`, {
      headers: bearer(guardianC.token),
      data: {},
    });
    expect(setup.status(), "C's card-setup of A's membership").toBe(404);
    expect(await setup.json()).toMatchObject({ message: 'Membership not found.' });
    const contextC = await freshBrowser(browser, cspViolations);
    try {
      const pageC = await contextC.newPage();
      await loginThroughApi(pageC, request, guardianC.email);
      await pageC.goto('/payments');
      await expect(pageC.getByText('You have no team payments yet.')).toBeVisible();
      await expect(pageC.getByRole('article', { name: TEAM })).toHaveCount(0);
      await expect(pageC.getByText(athleteName)).toHaveCount(0);
    } finally {
      await contextC.close();
    }
  });
});
