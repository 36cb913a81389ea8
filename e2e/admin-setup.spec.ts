/**
 * The club console's season set-up (issue 22 point 2), on a server of its own (the journeys add a season, a team and
 * licences to Northside): the owner (docs/fixtures.md "Staff") creates 'Fall 2027', '10U Comets' and its licence
 * 'COMETS-2027'; a family follows the licence link, sees exactly the new team's plans and pays in full; the owner
 * pauses the licence and its link shows the paused text, then raises the team's dues (the family keeps what it paid);
 * the staff list, and a new draft from the team opening in the draft editor. A code in use shows the server's
 * message on its field;
 * the page passes axe at 375 and 1280 px; one form is filled by keyboard alone.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD } from './support/session';

const OWNER = 'owner@northside.example';
const OWNER_PASSWORD = 'Password1!';
const AGREE = 'I agree to the terms and conditions stated above.';

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await acquireIsolatedServer();
});
test.afterAll(async () => {
  await server.release();
});

/** Logs the owner in and opens Northside's set-up page from the console's home. */
async function ownerOnSetup(page: Page) {
  await page.goto(`${server.baseURL}/admin/login`);
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
  await page
    .getByRole('link', { name: /Season set-up/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Season set-up/ })).toBeFocused();
}

test.describe
  .serial('season set-up', () => {
    test('the owner sets up a season, a team and its licence; a family pays; the owner pauses it', async ({
      page,
      browser,
    }) => {
      await ownerOnSetup(page);

      await page.getByRole('button', { name: 'New season' }).click();
      await expect(page.getByRole('heading', { name: 'New season' })).toBeFocused();
      await page.getByLabel('Season name').fill('Fall 2027');
      await page.getByLabel('Start date').fill('2027-09-01');
      await page.getByLabel('First instalment date').fill('2027-09-15');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Season saved.' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: 'Fall 2027' })).toBeVisible();

      await page.getByRole('button', { name: 'New team in Fall 2027' }).click();
      await page.getByLabel('Team name').fill('10U Comets');
      await page.getByLabel('Total dues ($)').fill('400.00');
      await page.getByLabel('Athlete deposit ($)').fill('50.00');
      await page.getByLabel('Payment plan fee ($)').fill('10.00');
      await check(page.getByRole('checkbox', { name: '3 monthly payments' }));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Team saved.' })).toBeVisible();
      const comets = page.getByRole('region', { name: '10U Comets' });
      await expect(comets.getByText('$400.00')).toBeVisible();
      await expect(comets.getByText('Pay in full or 3 monthly payments')).toHaveCount(0);
      await expect(comets.getByText('Pay in full, 3 monthly payments')).toBeVisible();

      await page.getByRole('button', { name: 'New licence for 10U Comets' }).click();
      await page.getByLabel('Licence code').fill('COMETS-2027');
      await page.getByLabel('Seats').fill('10');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Licence saved.' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'COMETS-2027' })).toBeVisible();

      // A family (Pat Rivera, docs/fixtures.md) follows the new link: exactly 10U Comets' plans, then pays in full.
      const family = await browser.newPage();
      await family.goto(`${server.baseURL}/licenses/COMETS-2027`);
      await family.getByRole('button', { name: 'Yes' }).click();
      await expect(family).toHaveURL(/\/login\?/);
      await family.getByLabel('Guardian Email').fill('parent@example.com');
      await family.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await family.getByRole('button', { name: 'Log In' }).click();
      await expect(family.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
      await check(family.getByRole('radio').first());
      await family.getByRole('button', { name: 'Next' }).click();
      await expect(family.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
      await expect(family.getByRole('radio')).toHaveCount(2);
      await expect(family.getByRole('radio', { name: /^Pay in full \$400\.00/ })).toBeVisible();
      await expect(family.getByRole('radio', { name: /^3 monthly payments/ })).toBeVisible();
      await check(family.getByRole('radio', { name: /^Pay in full \$400\.00/ }));
      await family.getByRole('button', { name: 'Next' }).click();
      const next = family.getByRole('heading', { level: 1, name: /Injury Protection|Checkout/ });
      await expect(next).toBeVisible();
      if ((await next.textContent()) === 'Injury Protection')
        await family.getByRole('button', { name: 'Next' }).click();
      await expect(family.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      // As a person would: the card form has loaded (the card provider loads lazily, then the step renders it).
      await expect(family.getByLabel('Card number')).toBeVisible();
      await check(family.getByLabel(AGREE));
      await enterCard(family, '4242 4242 4242 4242');
      await family.getByRole('button', { name: 'Pay Now' }).click();
      await expect(family.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();

      // The owner pauses the licence; a visitor of the link sees the paused text.
      await page.reload();
      await page.getByRole('button', { name: 'Pause COMETS-2027' }).click();
      await page.getByRole('button', { name: 'Pause licence' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Licence saved.' })).toBeVisible();
      const visitor = await browser.newPage();
      await visitor.goto(`${server.baseURL}/licenses/COMETS-2027`);
      await expect(visitor.getByText('Registration has been paused by the organization.')).toBeVisible();
      await visitor.close();

      // The owner raises the team's dues: the form starts from the saved fees, in dollars; the family who paid keeps
      // what they paid (issue 22 point 2: changes to fees never change what a paid family owes).
      await page.getByRole('button', { name: 'Change team 10U Comets' }).click();
      await expect(page.getByRole('heading', { name: 'Change 10U Comets' })).toBeFocused();
      await expect(page.getByLabel('Total dues ($)')).toHaveValue('400.00');
      await page.getByLabel('Total dues ($)').fill('450.00');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Team saved.' })).toBeVisible();
      await expect(comets.getByText('$450.00')).toBeVisible();
      await family.goto(`${server.baseURL}/payments`);
      await expect(family.getByText('10U Comets').first()).toBeVisible();
      await expect(family.getByText('$400.00').first()).toBeVisible();
      await expect(family.getByText('$450.00')).toHaveCount(0);
      await family.close();
    });

    test('the staff and pending invitations; a new draft from a team opens in the draft editor', async ({ page }) => {
      await ownerOnSetup(page);
      const staff = page.getByRole('table', { name: 'Staff of Northside Youth Baseball' });
      await expect(staff.getByRole('row', { name: /registrar@northside\.example/ })).toContainText('Registrar');
      await expect(staff.getByRole('row', { name: /coach\.tigers@northside\.example/ })).toContainText(
        'Coach (12U Tigers)',
      );
      const drafts = page.getByRole('table', { name: 'Team drafts' });
      await expect(drafts.locator('a[href="/admin/drafts/1"]')).toBeVisible();

      await page.getByRole('button', { name: 'New draft' }).click();
      await expect(page.getByRole('heading', { name: 'New draft' })).toBeFocused();
      await page.getByRole('button', { name: 'Create draft' }).click();
      await expect(page.getByLabel('Start from team')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Start from team').selectOption({ label: '10U Comets (Fall 2027)' });
      await page.getByRole('button', { name: 'Create draft' }).click();
      await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit draft' })).toBeVisible();
      await expect(page.getByLabel('Team name')).toHaveValue('10U Comets');
      await expect(page.getByLabel('Total dues ($)')).toHaveValue('450.00');
      const draftPath = new URL(page.url()).pathname;

      // Back on the set-up page, the new draft is listed and links to its editor.
      await page.goBack();
      await expect(page.getByRole('table', { name: 'Team drafts' }).locator(`a[href="${draftPath}"]`)).toHaveText(
        '10U Comets',
      );
    });

    test("a code in use: the server's message on the code field", async ({ page }) => {
      await ownerOnSetup(page);
      await page.getByRole('button', { name: 'New licence for 10U Comets' }).click();
      await page.getByLabel('Licence code').fill('comets-2027');
      await page.getByLabel('Seats').fill('5');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('alert').first()).toHaveText('This code is already in use.');
      await expect(page.getByLabel('Licence code')).toHaveAttribute('aria-invalid', 'true');
    });

    test('a discount code by keyboard alone', async ({ page }) => {
      await ownerOnSetup(page);
      await page.getByRole('button', { name: 'New discount code' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'New discount code' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.type('FALL10');
      await page.keyboard.press('Tab');
      await page.keyboard.type('10');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Discount code saved.' })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: 'FALL10' })).toBeVisible();
    });

    for (const viewport of VIEWPORTS) {
      test(`the set-up page passes axe at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await ownerOnSetup(page);
        await expectNoSeriousA11yViolations(page, `set-up page at ${viewport.width} px`);
        await page.getByRole('button', { name: 'New season' }).click();
        await expectNoSeriousA11yViolations(page, `set-up page with a form at ${viewport.width} px`);
      });
    }
  });
