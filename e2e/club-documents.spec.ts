/**
 * Issue 32, the console's and the family's missing surfaces, on a server of its own (the journeys change Lakeside's
 * 12U Sharks and register Sam for 12U Tigers): the owner (docs/fixtures.md "Staff") names the documents 12U Sharks
 * requires in the team form ('Proof of age' and a document named by the club; a list the shared schema refuses shows
 * its error tied to the field), and has approved documents' files deleted; the family downloads its signed waiver
 * from /payments ("Your files"); the registrar grants an exception and lists the team's exceptions. axe at 375 and
 * 1280 px on each new screen.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD, WEBSITE } from './support/session';

const OWNER = 'owner@lakeside.example';

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await acquireIsolatedServer();
});
test.afterAll(async () => {
  await server.release();
});

async function checkAxe(page: Page, label: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
  }
}

/** Logs a Lakeside staff member in and opens the console's home. */
async function staffHome(page: Page, email: string) {
  await page.goto(`${server.baseURL}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
}

async function openSetup(page: Page) {
  await page
    .getByRole('link', { name: /Season set-up/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Season set-up/ })).toBeFocused();
}

test.describe
  .serial("the console's documents and exceptions (issue 32)", () => {
    test('the owner names the documents a team requires in the team form', async ({ page }) => {
      await staffHome(page, OWNER);
      await openSetup(page);
      const sharks = page.getByRole('region', { name: '12U Sharks' });
      await expect(sharks.getByText('Proof of age')).toBeVisible();

      await page.getByRole('button', { name: 'Change team 12U Sharks' }).click();
      await expect(page.getByRole('heading', { name: 'Change 12U Sharks' })).toBeFocused();
      const documents = page.getByRole('group', { name: 'Documents required' });
      await expect(documents.getByRole('checkbox', { name: 'Proof of age' })).toBeChecked();
      const others = documents.getByLabel('Other documents the club requires');
      await expect(others).toHaveValue('');

      // Six documents are more than a team may require: the error is tied to the field and the group.
      await others.fill('A\nB\nC\nD\nE');
      await page.getByRole('button', { name: 'Save' }).click();
      const message = 'Name at most 5 documents, each once.';
      await expect(others).toHaveAccessibleDescription(new RegExp(message.replaceAll('.', '\\.')));
      await expect(others).toHaveAttribute('aria-invalid', 'true');
      await checkAxe(page, 'the team form with its documents refused');

      await others.fill('Medical form');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Team saved.' })).toBeVisible();
      await expect(sharks.getByText('Proof of age, Medical form')).toBeVisible();

      // Reopened, the form shows them; unticking 'Proof of age' leaves the club's own.
      await page.getByRole('button', { name: 'Change team 12U Sharks' }).click();
      await expect(documents.getByLabel('Other documents the club requires')).toHaveValue('Medical form');
      await documents.getByRole('checkbox', { name: 'Proof of age' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Team saved.' })).toBeVisible();
      await expect(sharks.getByText('Medical form', { exact: true })).toBeVisible();
      await checkAxe(page, 'the set-up page with the documents');
    });

    test("the owner has approved documents' files deleted (audited by the server)", async ({ page }) => {
      await staffHome(page, OWNER);
      await openSetup(page);
      await expect(page.getByText('Files are kept after approval.')).toBeVisible();
      await page.getByRole('button', { name: 'Change the documents setting' }).click();
      await expect(page.getByRole('heading', { name: 'Change the documents setting' })).toBeFocused();
      const box = page.getByRole('checkbox', { name: 'Delete each document’s file once it is approved' });
      await expect(box).not.toBeChecked();
      await expect(box).toHaveAccessibleDescription(/Who approved it and when are kept\./);
      await check(box);
      await checkAxe(page, 'the documents setting');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Documents setting saved.' })).toBeVisible();
      await expect(
        page.getByText('Each file is deleted once it is approved (who approved it and when are kept).'),
      ).toBeVisible();
    });

    test('the family downloads its signed waiver from /payments (Your files)', async ({ page, request }) => {
      const api = (path: string) => `${server.baseURL}${path}`;
      const login = async (email: string) => {
        const response = await request.post(api('/api/auth/login'), {
          data: { email, password: FIXTURE_PASSWORD },
          headers: WEBSITE,
        });
        expect(response.ok(), `login of ${email}`).toBe(true);
        return (await response.json()) as { token: string };
      };
      // Sam registers for 12U Tigers (Northside: a waiver) with a full discount: the agreement is on record.
      const parent = await login('parent@example.com');
      await request.post(api('/api/user/latest-license'), {
        headers: { ...WEBSITE, Authorization: `Bearer ${parent.token}` },
        data: { license_code: 'TIGERS-2027' },
      });
      const sam = await login('samrivera');
      const headers = { ...WEBSITE, Authorization: `Bearer ${sam.token}` };
      expect(
        (
          await request.post(api('/api/subscribe/claim-license'), { headers, data: { license_code: 'TIGERS-2027' } })
        ).ok(),
      ).toBe(true);
      const licence = (await (
        await request.get(api('/api/registration-link/info/TIGERS-2027'), { headers })
      ).json()) as { team_id: number };
      const paid = await request.post(api('/api/memberships/checkout'), {
        headers,
        data: { payment_plan_month: 0, team_id: licence.team_id, discount_code: 'FULLRIDE' },
      });
      expect(paid.ok(), await paid.text()).toBe(true);

      await page.goto(`${server.baseURL}/no-such-page`);
      await page.evaluate((stored) => localStorage.setItem('diamond.currentUser', JSON.stringify(stored)), parent);
      await page.goto(`${server.baseURL}/payments`);
      const files = page.getByRole('region', { name: 'Your files' });
      const link = files.getByRole('button', { name: 'Download the signed waiver (PDF) for Sam Rivera, 12U Tigers' });
      await expect(link).toBeVisible();
      await checkAxe(page, "/payments' files");
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toMatch(/^waiver-\d+-v1\.pdf$/);
      await expect(files.getByRole('status')).toHaveText('Downloaded.');
    });

    test("the registrar grants an exception and lists the team's exceptions", async ({ page }) => {
      await staffHome(page, 'registrar@lakeside.example');
      await openSetup(page);
      // Registrars do not change the organization's settings (owners only).
      await expect(page.getByRole('button', { name: 'Change the documents setting' })).toHaveCount(0);
      const sharks = page.getByRole('region', { name: '12U Sharks' });
      const toggle = sharks.getByRole('button', { name: 'Exceptions granted on 12U Sharks' });
      await toggle.click();
      await expect(sharks.getByText('No exceptions granted.')).toBeVisible();
      await toggle.click();

      await sharks.getByRole('button', { name: /^Grant an exception/ }).click();
      await page.getByLabel('Athlete’s username').fill('samrivera');
      await page.getByLabel('Reason').fill('Played 12U last season; approved by the board');
      await page.getByRole('button', { name: 'Grant', exact: true }).click();
      await expect(page.getByText('Exception granted.')).toBeVisible();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const table = sharks.getByRole('table', { name: 'Exceptions to the age rule of 12U Sharks' });
      await expect(table.getByRole('row')).toHaveCount(2);
      const row = table.getByRole('row').nth(1);
      await expect(row.getByRole('rowheader')).toHaveText('Sam Rivera (samrivera)');
      await expect(row.getByRole('cell').nth(0)).toHaveText('Played 12U last season; approved by the board');
      await expect(row.getByRole('cell').nth(1)).toHaveText('Leo Park');
      await checkAxe(page, "the team's exceptions");
    });

    test('the family corrects a date of birth on /payments', async ({ page, request }) => {
      const login = await request.post(`${server.baseURL}/api/auth/login`, {
        data: { email: 'parent@example.com', password: FIXTURE_PASSWORD },
        headers: WEBSITE,
      });
      const parent = (await login.json()) as { token: string };
      const headers = { ...WEBSITE, Authorization: `Bearer ${parent.token}` };
      const athletes = (await (await request.get(`${server.baseURL}/api/user/athletes`, { headers })).json()) as {
        user_id: number;
        name: string;
      }[];
      const sam = athletes.find((athlete) => athlete.name === 'Sam Rivera');
      const given = await request.put(`${server.baseURL}/api/eligibility/athletes/${sam?.user_id}/birth-date`, {
        headers,
        data: { birth_date: '2015-05-01', license_code: 'SHARKS-2027' },
      });
      expect(given.ok(), await given.text()).toBe(true);

      await page.goto(`${server.baseURL}/no-such-page`);
      await page.evaluate((stored) => localStorage.setItem('diamond.currentUser', JSON.stringify(stored)), parent);
      await page.goto(`${server.baseURL}/payments`);
      const section = page.getByRole('region', { name: 'Dates of birth' });
      await expect(section.getByText('May 1, 2015')).toBeVisible();
      await section.getByRole('button', { name: 'Change the date of birth of Sam Rivera' }).click();
      const field = section.getByLabel('Date of birth of Sam Rivera');
      await expect(field).toBeFocused();
      await field.fill('2015-06-30');
      await checkAxe(page, "/payments' date of birth");
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(section.getByRole('status')).toHaveText('Date of birth saved.');
      await expect(section.getByText('June 30, 2015')).toBeVisible();
    });
  });
