import { expectNoSeriousA11yViolations } from './support/axe';
import { type APIRequestContext, expect, reportCspViolations, test } from './support/fixtures';
import { acquireIsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD, uniqueEmail, WEBSITE } from './support/session';

/**
 * Issue 20 point 4 on the site: Pat (parent@example.com) invites a new guardian on /household; the invitee follows the
 * e-mailed link in a browser of their own, creates an account, accepts and sees Pat's athletes' memberships on
 * /payments. It changes Pat's household (a third guardian, a membership for Sam), so it runs on a server of its own.
 */

const LICENCE = 'TIGERS-2027';

function bearer(token: string) {
  return { ...WEBSITE, Authorization: `Bearer ${token}` };
}

/**
 * Sam Rivera, Pat's athlete, registered for 12U Tigers with the full discount FULLRIDE (nothing to pay) through the
 * API, the way the payment page records it: the athlete claims the licence and pays with the athlete's token.
 */
async function samRegisteredForTigers(request: APIRequestContext, baseURL: string, patToken: string): Promise<void> {
  const athletes = await request.get(`${baseURL}/api/user/athletes`, { headers: bearer(patToken) });
  expect(athletes.ok(), 'GET /api/user/athletes').toBe(true);
  const sam = ((await athletes.json()) as { name: string; token: string }[]).find((each) => each.name === 'Sam Rivera');
  if (!sam) throw new Error('Sam Rivera is not among Pat’s athletes.');
  const claim = await request.post(`${baseURL}/api/subscribe/claim-license`, {
    headers: bearer(sam.token),
    data: { license_code: LICENCE },
  });
  expect(await claim.json()).toMatchObject({ status: 'OK' });
  const info = await request.get(`${baseURL}/api/registration-link/info/${LICENCE}`, { headers: WEBSITE });
  const { team_id } = (await info.json()) as { team_id: number };
  const checkout = await request.post(`${baseURL}/api/memberships/checkout`, {
    headers: bearer(sam.token),
    data: { payment_plan_month: 0, team_id, discount_code: 'FULLRIDE', include_payment_protection_plan: false },
  });
  expect(checkout.ok(), 'full-discount checkout').toBe(true);
  expect(await checkout.json()).toMatchObject({ payment_complete: 1 });
}

test.describe('two guardians on the site', () => {
  test('Pat invites a guardian on /household; the invitee creates an account from the e-mail and sees the payments', async ({
    browser,
    cspViolations,
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const server = await acquireIsolatedServer();
    try {
      const { baseURL } = server;
      const login = await request.post(`${baseURL}/api/auth/login`, {
        headers: WEBSITE,
        data: { email: 'parent@example.com', password: FIXTURE_PASSWORD },
      });
      expect(login.ok(), 'login of Pat').toBe(true);
      const pat = await login.json();
      await samRegisteredForTigers(request, baseURL, pat.token);

      // 1. Pat, logged in, follows 'Invite a guardian' from /payments.
      // Stored the way the site stores a login (src/session/current-user.ts), on this server's origin.
      await page.goto(`${baseURL}/no-such-page`);
      await page.evaluate((stored) => localStorage.setItem('diamond.currentUser', JSON.stringify(stored)), pat);
      await page.goto(`${baseURL}/payments`);
      await expect(page.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
      await page.getByRole('link', { name: 'Invite a guardian' }).click();
      await expect(page).toHaveURL(`${baseURL}/household`);
      await expect(page.getByRole('heading', { level: 1, name: 'Your household' })).toBeVisible();
      const guardians = page.getByRole('region', { name: 'Guardians' });
      await expect(guardians.getByRole('listitem')).toHaveCount(2);
      await expect(guardians.getByRole('listitem').filter({ hasText: 'Pat Rivera' })).toContainText('(you)');
      await expect(guardians.getByRole('button', { name: 'Remove Jamie Rivera' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'household page');

      // 2. The invite: a new address, a relationship typed for 'Other'.
      const email = uniqueEmail('household.invitee');
      const form = page.getByRole('form', { name: 'Invite a guardian' });
      await form.getByLabel('Name').fill('Riley Rivera');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Relationship').selectOption('Other');
      await form.getByLabel('Type Relationship Here').fill('grandmother');
      await form.getByRole('button', { name: 'Send invite' }).click();
      await expect(form.getByRole('status')).toHaveText(`Invite sent to ${email}.`);
      const invites = page.getByRole('region', { name: 'Pending invites' });
      await expect(invites).toContainText('Riley Rivera');
      await expect(invites).toContainText('Grandmother');
      await expect(invites.getByRole('button', { name: 'Cancel invite for Riley Rivera' })).toBeVisible();

      // 3. The e-mail's link (the outbox page outside production).
      await page.goto(`${baseURL}/dev/mailbox`);
      const mail = page
        .getByRole('article')
        .filter({ hasText: `To ${email}` })
        .first();
      await expect(mail).toContainText('This link works once and expires in 7 days.');
      const link = await mail.locator('a[href*="/household/join?token="]').first().getAttribute('href');
      expect(link, 'the invite link').toBeTruthy();

      // 4. The invitee, in a browser of their own: the invite is named, then a new account.
      const context = await browser.newContext();
      await reportCspViolations(context, cspViolations);
      try {
        const invitee = await context.newPage();
        await invitee.goto(link ?? '');
        await expect(invitee.getByRole('heading', { level: 1, name: 'Join a household' })).toBeVisible();
        await expect(invitee.getByText('Pat Rivera invited you to share their household.')).toBeVisible();
        await expectNoSeriousA11yViolations(invitee, 'household invitation');
        await invitee.getByRole('button', { name: 'Create an account' }).click();
        await expect(invitee.getByRole('heading', { level: 2, name: 'Create your guardian account' })).toBeFocused();
        await expect(invitee.getByLabel('Email')).toHaveValue(email);
        await invitee.getByLabel('First Name').fill('Riley');
        await invitee.getByLabel('Last Name').fill('Rivera');
        await invitee.getByLabel('Phone').fill('5559876543');
        await invitee.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
        await invitee.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
        await invitee.getByRole('button', { name: 'Create Account' }).click();
        await expect(invitee.getByRole('main').getByRole('status')).toHaveText("You now share Pat Rivera's household.");
        // The token stays in the URL: nothing the site stored holds it.
        const token = new URL(link ?? '').searchParams.get('token') ?? '';
        const stored = await invitee.evaluate(() => JSON.stringify({ ...localStorage }));
        expect(stored).not.toContain(token);

        // 5. Pat's athletes' memberships are the invitee's to see.
        await invitee.getByRole('link', { name: 'See your payments' }).click();
        await expect(invitee).toHaveURL(`${baseURL}/payments`);
        const tigers = invitee.getByRole('article', { name: '12U Tigers' });
        await expect(tigers).toBeVisible();
        await expect(tigers).toContainText('Sam Rivera');

        // The link works once.
        await invitee.goto(link ?? '');
        await expect(invitee.getByRole('main').getByRole('alert')).toHaveText('This invitation has already been used.');
      } finally {
        await context.close();
      }

      // 6. Pat's household now lists the new guardian, the invite no longer pending.
      await page.goto(`${baseURL}/household`);
      await expect(guardians.getByRole('listitem')).toHaveCount(3);
      await expect(guardians).toContainText(email);
      await expect(invites).toContainText('No pending invites.');
    } finally {
      await server.release();
    }
  });
});
