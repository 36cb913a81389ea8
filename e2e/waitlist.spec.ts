import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type CspViolations,
  expect,
  type Page,
  reportCspViolations,
  test,
} from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { payTigersThreeMonths, runBilling } from './support/payer';
import { FIXTURE_PASSWORD, registerGuardian, uniqueEmail, WEBSITE } from './support/session';

/**
 * Issue 21 points 3, 5: a full team's waitlist in the browser. FULL-2027 (12U Tigers, no seat left) offers 'Join the
 * waitlist'; after login or registration the family sees its place; staff raise the seats (PUT
 * /api/staff/licences/FULL-2027), the first family gets 'A spot opened on 12U Tigers' and takes the held seat through
 * the usual claim and payment; an offer not taken expires with the collector's run (as of two days later) and passes
 * to the next family. Raising seats and joining change the shared fixtures, so every journey runs on its own server.
 */

const LICENCE = 'FULL-2027';
const TEAM = '12U Tigers';
const STAFF = { Authorization: 'Bearer staff-dev-token', 'Content-Type': 'application/json' };
const CARD = '4242 4242 4242 4242';

/** A family: the guardian's e-mail and API token, and its athlete's name (empty when it has none yet). */
interface Family {
  email: string;
  token: string;
  athlete: string;
}

/** The isolated server, a browser and an API client pointed at it. */
interface Stage {
  server: IsolatedServer;
  request: APIRequestContext;
  browser: Browser;
  cspViolations: CspViolations;
  /** The families' browsers, closed after the journey. */
  contexts: BrowserContext[];
}

function bearer(token: string) {
  return { ...WEBSITE, Authorization: `Bearer ${token}` };
}

/** A new guardian with one athlete, through the API (nothing claimed). */
async function newFamily(request: APIRequestContext, prefix: string, athlete: string): Promise<Family> {
  const guardian = await registerGuardian(request, prefix, 'Pat Waiting', { do_not_claim: true });
  await addAthlete(request, guardian.token, athlete);
  return { email: guardian.email, token: guardian.token, athlete };
}

async function addAthlete(request: APIRequestContext, token: string, name: string): Promise<void> {
  const response = await request.post('/api/auth/register-athlete', {
    headers: bearer(token),
    data: {
      name,
      username: `wait${Date.now()}${Math.floor(Math.random() * 1e4)}`,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      relationship: 'Mother',
    },
  });
  expect(response.ok(), 'register athlete').toBe(true);
}

/** A browser of the family's own on the isolated server (its pages report CSP violations like the test's own). */
async function familyPage(stage: Stage): Promise<Page> {
  const context = await stage.browser.newContext({ baseURL: stage.server.baseURL });
  stage.contexts.push(context);
  await reportCspViolations(context, stage.cspViolations);
  return context.newPage();
}

/** The licence page of the full team: the spec's notice, then 'Join the waitlist' asks for the account. */
async function joinFromLicencePage(page: Page, answer: 'Yes' | 'No'): Promise<void> {
  await page.goto(`/licenses/${LICENCE}`);
  await expect(page.getByText('Sorry, this license is not available.')).toBeVisible();
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: /^Already have a .* account\?$/ })).toBeFocused();
  await page.getByRole('button', { name: answer, exact: true }).click();
}

async function logIn(page: Page, email: string): Promise<void> {
  await expect(page.getByLabel('Guardian Email')).toBeVisible();
  await page.getByLabel('Guardian Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** /waitlist once joined: the team and the place; the intent to join has left the address. */
async function expectOnList(page: Page, place: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/waitlist\\?license=${LICENCE}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You're on the waitlist for ${TEAM}.`);
  await expect(page.getByRole('status').filter({ hasText: place })).toBeVisible();
}

/** The family's entry as the server has it (GET /api/waitlist). */
async function entryOf(request: APIRequestContext, family: Pick<Family, 'token'>) {
  const response = await request.get(`/api/waitlist?license=${LICENCE}`, { headers: bearer(family.token) });
  expect(response.ok(), 'GET /api/waitlist').toBe(true);
  return ((await response.json()) as { entry: { position: number; status: string } | null }).entry;
}

async function raiseSeats(request: APIRequestContext, seats: number): Promise<void> {
  const response = await request.put(`/api/staff/licences/${LICENCE}`, {
    // A seat change names the version it means (issue 30 point 4): any, here.
    headers: { ...STAFF, 'If-Match': '*' },
    data: { available_licenses: seats },
  });
  expect(response.ok(), `PUT /api/staff/licences/${LICENCE}`).toBe(true);
}

/** The link of the offer e-mail 'A spot opened on 12U Tigers' to `email` (the dev mailbox). */
async function offerLink(page: Page, email: string): Promise<string> {
  const mail = page
    .getByRole('article')
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: `A spot opened on ${TEAM}` });
  // The mailbox is a page without script: read again until the outbox delivered the e-mail.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(mail).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const href = await mail.locator(`a[href*="/licenses/${LICENCE}?offer="]`).first().getAttribute('href');
  expect(href).toBeTruthy();
  return href ?? '';
}

/** Following the offer: the held seat on the licence page, login with the licence, the athlete, the claim: /payment. */
async function takeOffer(page: Page, link: string, family: Family): Promise<void> {
  await page.goto(link);
  await expect(page.getByText(/^A spot is held for you until /)).toBeVisible();
  await expect(page.getByText('Sorry, this license is not available.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await logIn(page, family.email);
  await check(page.getByRole('radio', { name: family.athlete }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment(\?|$)/);
}

/** The UTC date two days and an hour from now: the collector's run then expires an offer made now (48 h). */
function twoDaysLater(): string {
  return new Date(Date.now() + 49 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test.describe('the waitlist of a full team (issue 21 point 3)', () => {
  test.setTimeout(180_000);
  let server: IsolatedServer | null = null;
  let api: APIRequestContext | null = null;
  const contexts: BrowserContext[] = [];

  test.beforeEach(async ({ playwright }) => {
    server = await acquireIsolatedServer();
    api = await playwright.request.newContext({ baseURL: server.baseURL });
  });

  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    await api?.dispose();
    await server?.release();
  });

  function stageOf(browser: Browser, cspViolations: CspViolations): Stage {
    if (server === null || api === null) throw new Error('no isolated server');
    return { server, request: api, browser, cspViolations, contexts };
  }

  test('a family joins, a seat is raised, the offer e-mail leads to the claim and the payment', async ({
    browser,
    cspViolations,
  }) => {
    const stage = stageOf(browser, cspViolations);
    const family = await newFamily(stage.request, 'waitlist.first', 'Sam Waiting');
    const page = await familyPage(stage);

    // 'Join the waitlist' → Yes → login with the licence (and the intent) → /waitlist: joined, first in line.
    await joinFromLicencePage(page, 'Yes');
    await expect(page).toHaveURL(/\/login\?.*waitlist=true/);
    await logIn(page, family.email);
    await expectOnList(page, 'You are next on the list.');
    expect(await entryOf(stage.request, family)).toMatchObject({ position: 1, status: 'waiting' });
    // A reload shows the entry without joining again (the address no longer asks to join).
    await page.reload();
    await expectOnList(page, 'You are next on the list.');

    // Staff raise the seats: the seat is held for the family, so the licence info still shows none to others.
    await raiseSeats(stage.request, 1);
    const info = await stage.request.get(`/api/registration-link/info/${LICENCE}`);
    expect(await info.json()).toMatchObject({ available: false, available_licenses: 0 });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^A spot is being held for you until / })).toBeVisible();

    // The e-mail's link: the licence available for this family, the usual claim and payment.
    const link = await offerLink(page, family.email);
    await takeOffer(page, link, family);
    await payTigersThreeMonths(page, CARD, LICENCE);
    // The seat is the family's: off the list, and nobody else sees a seat.
    expect(await entryOf(stage.request, family)).toBeNull();
    const after = await stage.request.get(`/api/registration-link/info/${LICENCE}`);
    expect(await after.json()).toMatchObject({ available: false, available_licenses: 0 });
  });

  test('an offer not taken in 48 hours passes to the next family, who registered to join', async ({
    browser,
    cspViolations,
  }) => {
    const stage = stageOf(browser, cspViolations);
    // The first family logs in to join.
    const first = await newFamily(stage.request, 'waitlist.late', 'Alex Late');
    const firstPage = await familyPage(stage);
    await joinFromLicencePage(firstPage, 'Yes');
    await logIn(firstPage, first.email);
    await expectOnList(firstPage, 'You are next on the list.');

    // The second family has no account yet: 'No' → the register wizard, then its place.
    const secondPage = await familyPage(stage);
    await joinFromLicencePage(secondPage, 'No');
    await expect(secondPage).toHaveURL(/\/register\?.*waitlist=true/);
    const email = uniqueEmail('waitlist.next');
    await secondPage.getByLabel('First Name').fill('Robin');
    await secondPage.getByLabel('Last Name').fill('Next');
    await secondPage.getByLabel('Phone').pressSequentially('5557654321');
    await secondPage.getByLabel('Email').fill(email);
    await secondPage.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await secondPage.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
    await secondPage.getByRole('button', { name: 'Next' }).click();
    await expectOnList(secondPage, 'You are number 2 on the list.');
    const token = await secondPage.evaluate(
      () => (JSON.parse(localStorage.getItem('diamond.currentUser') ?? 'null') as { token: string } | null)?.token,
    );
    if (token === undefined) throw new Error('the registered guardian is not stored');
    const second: Family = { email, token, athlete: 'Robin Junior' };
    await addAthlete(stage.request, token, second.athlete);

    // A seat: the first family is offered it and lets it go by.
    await raiseSeats(stage.request, 1);
    const firstLink = await offerLink(firstPage, first.email);
    expect(await entryOf(stage.request, first)).toMatchObject({ status: 'offered' });
    expect(await entryOf(stage.request, second)).toMatchObject({ status: 'waiting', position: 1 });

    // Two days later the collector's run expires it; the seat goes to the second family at once.
    await runBilling(stage.request, twoDaysLater());
    expect(await entryOf(stage.request, first)).toBeNull();
    expect(await entryOf(stage.request, second)).toMatchObject({ status: 'offered' });
    // The first family's link no longer holds anything: the usual notice.
    await firstPage.goto(firstLink);
    await expect(firstPage.getByText('Sorry, this license is not available.')).toBeVisible();
    await expect(firstPage.getByText(/^A spot is held for you until /)).toHaveCount(0);

    // The second family's e-mail leads to the claim.
    const secondLink = await offerLink(secondPage, second.email);
    await takeOffer(secondPage, secondLink, second);
    expect(await entryOf(stage.request, second)).toBeNull();
  });

  test('/waitlist is accessible at 375 and 1280 px; a family that left is not joined again by a reload', async ({
    browser,
    cspViolations,
  }) => {
    const stage = stageOf(browser, cspViolations);
    const family = await newFamily(stage.request, 'waitlist.leave', 'Jo Leaving');
    const page = await familyPage(stage);
    await joinFromLicencePage(page, 'Yes');
    await logIn(page, family.email);
    await expectOnList(page, 'You are next on the list.');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSeriousA11yViolations(page, `/waitlist at ${viewport.width} px`);
    }

    // Leaving asks first; the safe answer has the focus.
    await page.getByRole('button', { name: 'Leave the waitlist' }).click();
    await expect(page.getByRole('button', { name: 'No, stay on it' })).toBeFocused();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSeriousA11yViolations(page, `/waitlist's leave question at ${viewport.width} px`);
    }
    await page.getByRole('button', { name: 'Yes, leave' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You have left the waitlist for ${TEAM}.`);
    expect(await entryOf(stage.request, family)).toBeNull();

    // A reload looks the family up and does not join it again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You are not on the waitlist for ${TEAM}.`);
    expect(await entryOf(stage.request, family)).toBeNull();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSeriousA11yViolations(page, `/waitlist, not on the list, at ${viewport.width} px`);
    }
    // Joining again is the family's choice.
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expectOnList(page, 'You are next on the list.');
  });
});
