/**
 * Issue 32 point 3 in a browser, on a server of its own (the journey changes Northside's waiver): the owner
 * (docs/fixtures.md "Staff") writes a new waiver text in the console's settings; a family registering an athlete for
 * TIGERS-2027 is asked to agree to it, pays, and the receipt in the mailbox carries the signed waiver's PDF with the
 * new text and version 2; the owner sees the agreement on the membership's page (axe at 375 and 1280 px) and
 * downloads the same PDF. Then the owner changes the text again while a family has checkout open: Pay Now with the
 * text the family read is refused (nothing charged), the new text is shown with the server's 'The waiver has
 * changed…' (axe at 375 and 1280 px), and agreed again it pays, the receipt's PDF showing the newer text.
 */
import { readFile } from 'node:fs/promises';
import { pdfText } from '../server/test/pdf-text.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD } from './support/session';

const OWNER = 'owner@northside.example';
const AGREE = 'I agree to the terms and conditions stated above.';
const NEW_WAIVER =
  'Northside Youth Baseball Participant Waiver, 2027 edition. Helmets are worn at every practice and every game.';

let server: IsolatedServer;

test.describe.configure({ timeout: 240_000 });
test.beforeAll(async () => {
  server = await acquireIsolatedServer();
});
test.afterAll(async () => {
  await server.release();
});

async function ownerLogin(page: Page) {
  await page.goto(`${server.baseURL}/admin/login`);
  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
}

/** The membership of the athlete who just paid on 12U Tigers, as the console's API finds it (newest first by id). */
async function newestTigersMembership(request: APIRequestContext): Promise<number> {
  const login = await request.post(`${server.baseURL}/api/admin/login`, {
    data: { email: OWNER, password: FIXTURE_PASSWORD },
  });
  expect(login.ok(), 'owner login').toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const teams = (await (await request.get(`${server.baseURL}/api/admin/teams`, { headers })).json()) as {
    teams: { id: number; name: string }[];
  };
  const tigers = teams.teams.find((team) => team.name === '12U Tigers');
  const roster = (await (
    await request.get(`${server.baseURL}/api/admin/teams/${tigers?.id}/memberships`, { headers })
  ).json()) as { memberships: { id: number }[] };
  return Math.max(...roster.memberships.map((membership) => membership.id));
}

test('a waiver changed by the owner is asked again, and the PDF shows the new text', async ({
  page,
  browser,
  request,
}) => {
  // The owner writes the new text.
  await ownerLogin(page);
  await page
    .getByRole('link', { name: /Season set-up/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Season set-up/ })).toBeFocused();
  await page.getByRole('button', { name: 'Change settings' }).click();
  await page.getByLabel('Waiver text', { exact: true }).fill(NEW_WAIVER);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // A family registers an athlete for TIGERS-2027: the checkout shows the new text, to be agreed to again.
  const family = await browser.newPage();
  await family.goto(`${server.baseURL}/licenses/TIGERS-2027`);
  await family.getByRole('button', { name: 'Yes' }).click();
  await expect(family).toHaveURL(/\/login\?/);
  await family.getByLabel('Guardian Email').fill('parent@example.com');
  await family.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await family.getByRole('button', { name: 'Log In' }).click();
  await expect(family.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
  await check(family.getByRole('radio').first());
  await family.getByRole('button', { name: 'Next' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
  await check(family.getByRole('radio', { name: /^Pay in full/ }));
  await family.getByRole('button', { name: 'Next' }).click();
  const next = family.getByRole('heading', { level: 1, name: /Injury Protection|Checkout/ });
  await expect(next).toBeVisible();
  if ((await next.textContent()) === 'Injury Protection') await family.getByRole('button', { name: 'Next' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(family.getByRole('region', { name: 'Waiver text' })).toContainText('Helmets are worn at every practice');
  await expect(family.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  await expect(family.getByLabel('Card number')).toBeVisible();
  await check(family.getByLabel(AGREE));
  await enterCard(family, '4242 4242 4242 4242');
  await family.getByRole('button', { name: 'Pay Now' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  await family.close();

  // The receipt in the mailbox carries the signed waiver's PDF: the new text, version 2.
  const mailbox = await browser.newPage();
  await mailbox.goto(`${server.baseURL}/dev/mailbox`);
  const link = mailbox.getByRole('link', { name: /^Download waiver-\d+-v2\.pdf$/ }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const mailed = await request.get(`${server.baseURL}${href}`);
  expect(mailed.headers()['content-type']).toBe('application/pdf');
  const mailedBytes = await mailed.body();
  expect(mailedBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const mailedText = pdfText(mailedBytes);
  expect(mailedText).toContain('Waiver version 2, in English');
  expect(mailedText).toContain('Helmets are worn at every practice and every game.');
  await mailbox.close();

  // The owner reads the agreement on the membership's page and downloads the same PDF.
  const id = await newestTigersMembership(request);
  await page.goto(`${server.baseURL}/admin/memberships/${id}`);
  const signed = page.getByRole('region', { name: 'Signed waiver' });
  await expect(signed).toBeVisible();
  await expect(signed.locator('dt', { hasText: 'Version' }).locator('+ dd')).toHaveText('2 (in English)');
  await expect(signed.locator('dt', { hasText: 'Agreed by' }).locator('+ dd')).toHaveText('Pat Rivera');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `/admin/memberships/$id (signed waiver) at ${viewport.width} px`);
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    signed.getByRole('button', { name: 'Download the signed waiver (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^waiver-\d+-v2\.pdf$/);
  const path = await download.path();
  const downloaded = await readFile(path);
  expect(pdfText(downloaded)).toContain('Helmets are worn at every practice and every game.');
  expect(downloaded.equals(mailedBytes)).toBe(true);
});

test('the owner changes the waiver while the family has the payment page open: Pay Now is refused, the new text is agreed to, then paid', async ({
  page,
  browser,
  request,
}) => {
  const CHANGED = 'The waiver has changed since you read it. Read the new text and agree to it again.';
  const NEWER_WAIVER =
    'Northside Youth Baseball Participant Waiver, summer edition. Sunscreen and water bottles at every practice.';

  // The family opens checkout for Alex on TIGERS-2027 and reads the waiver as it is now.
  const family = await browser.newPage();
  await family.goto(`${server.baseURL}/licenses/TIGERS-2027`);
  await family.getByRole('button', { name: 'Yes' }).click();
  await family.getByLabel('Guardian Email').fill('parent@example.com');
  await family.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await family.getByRole('button', { name: 'Log In' }).click();
  await expect(family.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
  await check(family.getByRole('radio', { name: 'Alex Rivera' }));
  await family.getByRole('button', { name: 'Next' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
  await check(family.getByRole('radio', { name: /^Pay in full/ }));
  await family.getByRole('button', { name: 'Next' }).click();
  const next = family.getByRole('heading', { level: 1, name: /Injury Protection|Checkout/ });
  await expect(next).toBeVisible();
  if ((await next.textContent()) === 'Injury Protection') await family.getByRole('button', { name: 'Next' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const waiverText = family.getByRole('region', { name: 'Waiver text' });
  await expect(waiverText).not.toContainText('Sunscreen');
  await check(family.getByLabel(AGREE));
  await enterCard(family, '4242 4242 4242 4242');

  // Meanwhile the owner saves a new text.
  await ownerLogin(page);
  await page
    .getByRole('link', { name: /Season set-up/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Change settings' }).click();
  await page.getByLabel('Waiver text', { exact: true }).fill(NEWER_WAIVER);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // Pay Now with the text the family read is refused: nothing charged, the new text shown, the agreement asked again.
  await family.getByRole('button', { name: 'Pay Now' }).click();
  const notice = family.getByRole('alert').filter({ hasText: CHANGED });
  await expect(notice).toBeVisible();
  await expect(waiverText).toContainText('Sunscreen and water bottles at every practice.');
  const box = family.getByLabel(AGREE);
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAttribute('aria-describedby', new RegExp(`${await notice.getAttribute('id')}`));
  await expect(family.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  await expect(family.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await family.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(family, `/payment (the waiver changed) at ${viewport.width} px`);
  }

  // Agreed again, it pays; the receipt's PDF is the new text.
  await check(box);
  await expect(notice).toBeHidden();
  await family.getByRole('button', { name: 'Pay Now' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  await family.close();

  const mailbox = await browser.newPage();
  await mailbox.goto(`${server.baseURL}/dev/mailbox`);
  const links = mailbox.getByRole('link', { name: /^Download waiver-\d+-v\d+\.pdf$/ });
  await expect(links.first()).toBeVisible();
  const texts: string[] = [];
  for (const link of await links.all()) {
    const file = await request.get(`${server.baseURL}${await link.getAttribute('href')}`);
    texts.push(pdfText(await file.body()));
  }
  const signed = texts.find((text) => text.includes('Sunscreen and water bottles at every practice.'));
  expect(signed, 'a PDF with the new text').toBeDefined();
  expect(signed).toContain('Team: 12U Tigers');
  await mailbox.close();
});
