/**
 * Proof of age (issue 32 point 2) in the browser. A family registers an athlete on 12U Sharks (which requires a
 * 'Proof of age') and pays; the registration's documents step follows the payment: one family leaves it for later,
 * so /payments shows 'Documents needed' and takes the upload (a PNG); another uploads it on the step itself. Lakeside's
 * registrar (registrar@lakeside.example) opens the console's queue, views the file (an attachment) and approves it;
 * the family sees it verified, and the athlete's date of birth locked on /payments. axe at 375 and 1280 px on the
 * documents step, /payments' documents and the queue.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from './support/fixtures';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD, registerGuardian, WEBSITE } from './support/session';
import { answerSharksQuestions } from './support/team-questions';

const LICENCE = 'SHARKS-2027';
const REGISTRAR = 'registrar@lakeside.example';
/** A 1 × 1 PNG: what a phone's photo of a birth certificate is, as far as the server's checks go. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A new family whose athlete `athlete` is registered for 12U Sharks and paid in full, through the flows as a family
 * does it: the guardian logs in from the SHARKS-2027 link, chooses the athlete, gives a date of birth the team's age
 * rule allows (issue 32 point 1: born between September 1, 2014 and August 31, 2016), answers the team's own
 * questions (issue 32 point 4), and pays by card. The athlete's
 * name is unique per run, so the queue's row is this journey's whatever else the server holds.
 */
async function newSharksFamily(page: Page, request: APIRequestContext, athlete: string): Promise<void> {
  const guardian = await registerGuardian(request, 'docs.family', 'Pat Docs', { do_not_claim: true });
  const registered = await request.post('/api/auth/register-athlete', {
    headers: { ...WEBSITE, Authorization: `Bearer ${guardian.token}` },
    data: {
      name: athlete,
      username: `docs${Date.now()}${Math.floor(Math.random() * 1e4)}`,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      relationship: 'Mother',
    },
  });
  expect(registered.ok(), 'register athlete').toBe(true);
  await page.goto(`/login?license=${LICENCE}`);
  await page.getByLabel('Guardian Email').fill(guardian.email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
  await check(page.getByRole('radio', { name: athlete }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();
  await page.getByLabel('Date of birth').fill('2015-06-01');
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerSharksQuestions(page);
  await expect(page).toHaveURL(/\/payment$/);
}

/** Pays 12U Sharks in full on /payment with the sandbox's Visa, as a family would, up to the documents step. */
async function payInFullToDocuments(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
  await check(page.getByRole('radio', { name: /^Pay in full/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  const agree = page.getByLabel('I agree to the terms and conditions stated above.');
  if ((await agree.count()) > 0) await check(agree);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  // Issue 32 point 2: paid; 12U Sharks requires a proof of age, so the documents step comes before the claimed page.
  await expect(page.getByRole('heading', { level: 1, name: 'Documents for 12U Sharks' })).toBeFocused();
}

/** Pays 12U Sharks in full and leaves the documents for later (from /payments), as before the documents step. */
async function payInFull(page: Page): Promise<void> {
  await payInFullToDocuments(page);
  await page.getByRole('button', { name: 'Upload later' }).click();
  await expect(page).toHaveURL(new RegExp(`/licenses/${LICENCE}\\?claimed_registration=true$`));
}

/** 'Upload' with no file chosen: refused on the field, before anything is sent. */
async function uploadWithoutFile(documents: Locator, athlete: string): Promise<void> {
  await documents.getByRole('button', { name: `Upload the Proof of age of ${athlete}` }).click();
  await expect(documents.getByRole('alert')).toHaveText('Choose a file to upload.');
}

/** The PNG chosen and uploaded: thanked, and waiting for review. */
async function uploadPng(documents: Locator, athlete: string): Promise<void> {
  await documents.getByLabel(`Proof of age for ${athlete}`).setInputFiles({
    name: 'birth-certificate.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await documents.getByRole('button', { name: `Upload the Proof of age of ${athlete}` }).click();
  await expect(documents.getByText('Thank you. The document is waiting for review.')).toBeVisible();
  await expect(documents.getByText('Waiting for review', { exact: true })).toBeVisible();
}

/** Lakeside's registrar approves the athlete's proof of age from the console's queue (a browser of their own). */
async function registrarApproves(browser: Browser, athlete: string, options: { axe: boolean }): Promise<void> {
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
  if (options.axe) await axeAtBothWidths(staff, '/admin/documents');
  const download = staff.waitForEvent('download');
  await row.getByRole('button', { name: `View the Proof of age of ${athlete}` }).click();
  expect((await download).suggestedFilename()).toMatch(/^document-\d+\.png$/);
  await row.getByRole('button', { name: `Approve the Proof of age of ${athlete}` }).click();
  await expect(staff.getByText("Approved. The athlete's date of birth is now locked.")).toBeVisible();
  await expect(staff.getByRole('row').filter({ hasText: athlete })).toHaveCount(0);
  await console.close();
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
  await uploadWithoutFile(documents, athlete);
  await uploadPng(documents, athlete);
  await expect(documents.getByText('Documents needed')).toBeVisible();
  await axeAtBothWidths(page, '/payments with a document waiting for review');

  // The registrar's console: the queue, the file, Approve.
  await registrarApproves(browser, athlete, { axe: true });

  // The family sees it verified.
  await page.reload();
  await expect(documents.getByText('Documents verified')).toBeVisible();
  await expect(documents.getByText('Verified', { exact: true })).toBeVisible();
  await expect(documents.getByLabel(`Proof of age for ${athlete}`)).toHaveCount(0);
  await axeAtBothWidths(page, '/payments with the document verified');
});

test('a family uploads the proof of age during registration; once approved, the date of birth is locked', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const athlete = `Robin Docs ${Date.now().toString(36)}`;
  await newSharksFamily(page, request, athlete);
  await payInFullToDocuments(page);

  // The documents step: only this registration's proof of age, 'Upload later' until it is uploaded.
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText(`12U Sharks: ${athlete}`)).toBeVisible();
  await expect(documents.getByText('Not uploaded yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload later' })).toBeVisible();
  await axeAtBothWidths(page, 'the documents step');
  await uploadWithoutFile(documents, athlete);
  await expect(documents.getByLabel(`Proof of age for ${athlete}`)).toHaveAttribute('aria-invalid', 'true');
  await axeAtBothWidths(page, 'the documents step with a refused upload');
  await uploadPng(documents, athlete);
  await axeAtBothWidths(page, 'the documents step with the document uploaded');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/licenses/${LICENCE}\\?claimed_registration=true$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();

  // Waiting for review on /payments; the date of birth can still be corrected.
  await page.goto('/payments');
  const payments = page.getByRole('region', { name: 'Documents' });
  await expect(payments.getByText('Waiting for review', { exact: true })).toBeVisible();
  const dates = page.getByRole('region', { name: 'Dates of birth' });
  await expect(dates.getByRole('button', { name: `Change the date of birth of ${athlete}` })).toBeVisible();

  await registrarApproves(browser, athlete, { axe: false });

  // Approved: verified, and the date of birth locked (no 'Change', the reason shown).
  await page.reload();
  await expect(payments.getByText('Documents verified')).toBeVisible();
  const row = dates.getByRole('listitem').filter({ hasText: athlete });
  await expect(row).toContainText('June 1, 2015');
  await expect(row.getByText('Locked: the club verified a proof of age.')).toBeVisible();
  await expect(dates.getByRole('button', { name: `Change the date of birth of ${athlete}` })).toHaveCount(0);
  await axeAtBothWidths(page, '/payments with the date of birth locked');
});
