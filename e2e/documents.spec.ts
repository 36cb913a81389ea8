/**
 * Proof of age (issue 32 point 2) in the browser. A family registers an athlete on 12U Sharks (which requires a
 * 'Proof of age') and pays; /payments shows 'Documents needed' and takes the upload (a PNG); Lakeside's registrar
 * (registrar@lakeside.example) opens the console's queue, views the file (an attachment) and approves it; the family
 * sees it verified. axe at 375 and 1280 px on /payments' documents and on the queue.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD, registerGuardian, storeUser, WEBSITE } from './support/session';

const LICENCE = 'SHARKS-2027';
const REGISTRAR = 'registrar@lakeside.example';
/** A 1 × 1 PNG: what a phone's photo of a birth certificate is, as far as the server's checks go. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A new family who claimed SHARKS-2027 (nothing paid), stored in the browser, as support/payer.ts `newPayer` makes
 * one: the claim is the guardian's token's, so the membership the payment records is in the name `member` (unique per
 * run, so the queue's row is this journey's whatever else the server holds).
 */
async function newSharksFamily(page: Page, request: APIRequestContext, member: string): Promise<void> {
  const user = await registerGuardian(request, 'docs.family', member, { do_not_claim: true });
  const auth = { ...WEBSITE, Authorization: `Bearer ${user.token}` };
  const registered = await request.post('/api/auth/register-athlete', {
    headers: auth,
    data: {
      name: `${member} Jr`,
      username: `docs${Date.now()}${Math.floor(Math.random() * 1e4)}`,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      relationship: 'Mother',
    },
  });
  expect(registered.ok(), 'register athlete').toBe(true);
  const latest = await request.post('/api/user/latest-license', { headers: auth, data: { license_code: LICENCE } });
  expect(latest.ok(), 'latest licence').toBe(true);
  const claim = await request.post('/api/subscribe/claim-license', { headers: auth, data: { license_code: LICENCE } });
  expect(await claim.json()).toMatchObject({ status: 'OK' });
  await storeUser(page, user);
}

/** Pays 12U Sharks in full on /payment with the sandbox's Visa, as a family would. */
async function payInFull(page: Page): Promise<void> {
  await page.goto('/payment');
  await page.getByRole('radio', { name: /^Pay in full/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  const agree = page.getByLabel('I agree to the terms and conditions stated above.');
  if ((await agree.count()) > 0) await agree.check();
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/licenses/${LICENCE}\\?claimed_registration=true$`));
}

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
  }
}

test('a family uploads a proof of age from /payments and a registrar approves it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const athlete = `Dana Docs ${Date.now().toString(36)}`;
  await newSharksFamily(page, request, athlete);
  await payInFull(page);

  // /payments: the membership needs its proof of age.
  await page.goto('/payments');
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('Documents needed')).toBeVisible();
  await expect(documents.getByText('Not uploaded yet', { exact: true })).toBeVisible();
  await axeAtBothWidths(page, '/payments with a document needed');
  // 'Upload' with no file says so on the field.
  const upload = documents.getByRole('button', { name: `Upload the Proof of age of ${athlete}` });
  await upload.click();
  await expect(documents.getByRole('alert')).toHaveText('Choose a file to upload.');
  await documents.getByLabel(`Proof of age for ${athlete}`).setInputFiles({
    name: 'birth-certificate.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await upload.click();
  await expect(documents.getByText('Thank you. The document is waiting for review.')).toBeVisible();
  await expect(documents.getByText('Waiting for review', { exact: true })).toBeVisible();
  await expect(documents.getByText('Documents needed')).toBeVisible();
  await axeAtBothWidths(page, '/payments with a document waiting for review');

  // The registrar's console: the queue, the file, Approve.
  const console = await browser.newContext();
  const staff = await console.newPage();
  await staff.goto('/admin/login');
  await staff.getByLabel('Email').fill(REGISTRAR);
  await staff.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await staff.getByRole('button', { name: 'Log in' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();
  await staff.getByRole('link', { name: 'Documents to verify' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Documents to verify' })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: athlete });
  await expect(row).toContainText('12U Sharks');
  await expect(row).toContainText('Proof of age');
  await axeAtBothWidths(staff, '/admin/documents');
  const download = staff.waitForEvent('download');
  await row.getByRole('button', { name: `View the Proof of age of ${athlete}` }).click();
  expect((await download).suggestedFilename()).toMatch(/^document-\d+\.png$/);
  await row.getByRole('button', { name: `Approve the Proof of age of ${athlete}` }).click();
  await expect(staff.getByText("Approved. The athlete's date of birth is now locked.")).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: athlete })).toHaveCount(0);
  await console.close();

  // The family sees it verified.
  await page.reload();
  await expect(documents.getByText('Documents verified')).toBeVisible();
  await expect(documents.getByText('Verified', { exact: true })).toBeVisible();
  await expect(documents.getByLabel(`Proof of age for ${athlete}`)).toHaveCount(0);
  await axeAtBothWidths(page, '/payments with the document verified');
});
