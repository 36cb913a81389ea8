import { createHash } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '../../src/api/schemas.ts';
import { mailOutbox, memberships, paymentIntents, waiverAgreements, waiverVersions } from '../db/schema/index.ts';
import { NORTHSIDE_WAIVER } from '../db/seed.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { athleteRows } from '../services/checkout/lines.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { organizationIdNamed, teamIdNamed } from '../test/fixture-ids.ts';
import { pdfText } from '../test/pdf-text.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 32 point 3 on the API: every agreement to a waiver is recorded (guardian, athlete, organization, the version
 * with its text and SHA-256, language, time, address, browser) and linked to the membership; a refused or stale
 * version is 422 and records nothing; a changed text is a new version the next checkout agrees to; the receipt
 * carries the PDF; the family and the organization's owners and registrars download it (no coach, no other household
 * or organization); the roster CSV's waiver columns. Lakeside (no waiver) checks out as before. On PostgreSQL too.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ENGLISH = { 'Accept-Language': 'en-US,en;q=0.9', 'User-Agent': 'WaiverTest/1.0 (journey)' };
const MUST_AGREE = 'You must agree to the terms and conditions';
const CHANGED = 'The waiver has changed since you read it. Read the new text and agree to it again.';
const NEW_WAIVER = 'Northside Youth Baseball Participant Waiver, 2027 edition.\n\nHelmets are worn at all times.';
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const sandbox = () => t.providers.payments as SandboxCardPayments;

const staffCall = async (method: string, path: string, email: string, body?: unknown) =>
  t.call(method, path, { token: await staffTokenFor(t.db, email), body, headers: ENGLISH });

/** A guardian picks a licence, then the athlete claims it; the athlete's token pays (spec §6). */
async function athleteWithLicence(code: string, username = 'samrivera'): Promise<string> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: code } });
  const athlete = await t.tokenFor(username);
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: athlete,
    body: { license_code: code },
  });
  expect(claimed.status, claimed.text).toBe(200);
  return athlete;
}

async function membershipOf(username: string) {
  const [row] = await t.db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, await userId(t.db, username)));
  return row;
}

async function agreementsOf(username: string) {
  return t.db
    .select({ agreement: waiverAgreements, version: waiverVersions })
    .from(waiverAgreements)
    .innerJoin(waiverVersions, eq(waiverVersions.id, waiverAgreements.waiverVersionId))
    .where(eq(waiverAgreements.athleteId, await userId(t.db, username)))
    .orderBy(asc(waiverAgreements.id));
}

/** A file answer's bytes (the harness's `call` reads text). */
async function download(path: string, token: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await t.app.request(path, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'website' },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Pays TIGERS-2027 by card for samrivera, sending `waiver_version` when given. */
async function payTigers(extra: Record<string, unknown> = {}) {
  const token = await athleteWithLicence('TIGERS-2027');
  const body = { payment_plan_month: 0, team_id: await teamIdNamed(t.db, '12U Tigers'), discount_code: null, ...extra };
  const started = expectOk(
    await t.call('POST', '/api/memberships/checkout', { token, body, headers: ENGLISH }),
    checkoutResponseSchema,
  );
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };
  await sandbox().confirm(started.payment_intent_id!, started.client_secret!, card);
  const success = await t.call('POST', '/api/memberships/checkout-success', {
    token,
    body: { ...body, stripe_payment_intent_id: started.payment_intent_id },
    headers: ENGLISH,
  });
  expect(success.status, success.text).toBe(200);
  return token;
}

describe('an agreement is recorded at Pay Now and linked to the membership', () => {
  it("records who, which version (Northside's seeded version 1), when, the address and browser", async () => {
    const seeded = await t.db
      .select()
      .from(waiverVersions)
      .where(eq(waiverVersions.organizationId, await organizationIdNamed(t.db, 'Northside Youth Baseball')));
    expect(seeded).toMatchObject([
      { version: 1, language: 'en', text: NORTHSIDE_WAIVER, sha256: sha256(NORTHSIDE_WAIVER) },
    ]);

    await payTigers({ waiver_version: 1 });
    const membership = await membershipOf('samrivera');
    const [recorded, ...more] = await agreementsOf('samrivera');
    expect(more).toEqual([]);
    expect(recorded?.agreement).toMatchObject({
      membershipId: membership!.id,
      // The one-athlete path pays in the athlete's session: the athlete's guardian (Pat Rivera) agreed.
      guardianId: await userId(t.db, 'parent@example.com'),
      athleteId: await userId(t.db, 'samrivera'),
      organizationId: await organizationIdNamed(t.db, 'Northside Youth Baseball'),
      teamId: await teamIdNamed(t.db, '12U Tigers'),
      userAgent: 'WaiverTest/1.0 (journey)',
    });
    expect(recorded?.agreement.ipAddress).not.toBe('');
    expect(recorded?.agreement.agreedAt).toBeInstanceOf(Date);
    expect(recorded?.version).toMatchObject({ version: 1, text: NORTHSIDE_WAIVER, sha256: sha256(NORTHSIDE_WAIVER) });

    // The receipt carries the PDF of what was signed.
    const [receipt] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(receipt?.membershipIds).toEqual([membership!.id]);
    expect(receipt?.attachments).toHaveLength(1);
    const file = receipt!.attachments![0]!;
    expect(file).toMatchObject({ filename: `waiver-${membership!.id}-v1.pdf`, contentType: 'application/pdf' });
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Waiver version 1, in English');
    expect(text).toContain(`SHA-256 of the text: ${sha256(NORTHSIDE_WAIVER)}`);
    expect(text).toContain('Organization: Northside Youth Baseball');
    expect(text).toContain('Team: 12U Tigers');
    expect(text).toContain('Northside Youth Baseball Participant Waiver');

    // Staff read it on the membership's page.
    const page = await staffCall('GET', `/api/admin/memberships/${membership!.id}`, STAFF.registrar);
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({
      membership: {
        waiver_agreement: {
          version: 1,
          language: 'en',
          sha256: sha256(NORTHSIDE_WAIVER),
          user_agent: 'WaiverTest/1.0 (journey)',
        },
      },
    });
  });

  it('the spec’s own request (no waiver_version) agrees to the current version; a full discount records it too', async () => {
    const token = await athleteWithLicence('TIGERS-2027');
    const body = { payment_plan_month: 0, team_id: await teamIdNamed(t.db, '12U Tigers'), discount_code: 'FULLRIDE' };
    const answer = await t.call('POST', '/api/memberships/checkout', { token, body, headers: ENGLISH });
    expect(answer.status, answer.text).toBe(200);
    const membership = await membershipOf('samrivera');
    const [recorded] = await agreementsOf('samrivera');
    expect(recorded?.agreement.membershipId).toBe(membership!.id);
    expect(recorded?.version.version).toBe(1);
  });

  it('refuses a checkout whose agreement is missing (null) or of another version: 422, nothing recorded', async () => {
    const token = await athleteWithLicence('TIGERS-2027');
    const team_id = await teamIdNamed(t.db, '12U Tigers');
    for (const [waiver_version, message] of [
      [null, MUST_AGREE],
      [2, CHANGED],
    ] as const) {
      for (const discount_code of [null, 'FULLRIDE']) {
        const refused = await t.call('POST', '/api/memberships/checkout', {
          token,
          body: { payment_plan_month: 0, team_id, discount_code, waiver_version },
          headers: ENGLISH,
        });
        expectError(refused, 422);
        expect((refused.body as { messages: Record<string, string[]> }).messages).toEqual({
          waiver_version: [message],
        });
      }
    }
    expect(await agreementsOf('samrivera')).toEqual([]);
    expect(await membershipOf('samrivera')).toBeUndefined();
  });

  it('no change where there is no waiver (Lakeside, 10U Waves): no version, no agreement, any waiver_version', async () => {
    const pat = await t.tokenFor('parent@example.com');
    const alex = await t.tokenFor('alexrivera');
    await t.call('POST', '/api/user/latest-license', { token: pat, body: { license_code: 'WAVES-2027' } });
    await t.call('POST', '/api/subscribe/claim-license', { token: alex, body: { license_code: 'WAVES-2027' } });
    const waves = { payment_plan_month: 0, team_id: await teamIdNamed(t.db, '10U Waves'), discount_code: 'FLAT500' };
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token: alex,
      body: { ...waves, waiver_version: null },
      headers: ENGLISH,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(await agreementsOf('alexrivera')).toEqual([]);
    const lakeside = await organizationIdNamed(t.db, 'Lakeside Little League');
    expect(await t.db.select().from(waiverVersions).where(eq(waiverVersions.organizationId, lakeside))).toEqual([]);
  });

  it('a household checkout records one agreement per athlete and e-mails one PDF per athlete', async () => {
    const pat = await t.tokenFor('parent@example.com');
    const athletes: number[] = [];
    for (const username of ['samrivera', 'alexrivera']) {
      const token = await t.tokenFor(username);
      for (const path of ['/api/subscribe/claim-license', '/api/user/latest-license']) {
        const answer = await t.call('POST', path, { token, body: { license_code: 'TIGERS-2027' } });
        expect(answer.status, answer.text).toBe(200);
      }
      athletes.push(await userId(t.db, username));
    }
    const body = {
      athletes: athletes.map((id) => ({
        athlete_id: id,
        payment_plan_month: 0,
        include_payment_protection_plan: false,
      })),
      discount_code: 'FULLRIDE',
      checkout_key: 'waiver-records-1',
    };
    const stale = await t.call('POST', '/api/household/checkout', {
      token: pat,
      headers: ENGLISH,
      body: { ...body, waiver_version: 7 },
    });
    expectError(stale, 422, CHANGED);
    const checkout = await t.call('POST', '/api/household/checkout', {
      token: pat,
      headers: ENGLISH,
      body: { ...body, waiver_version: 1 },
    });
    expect(checkout.status, checkout.text).toBe(200);
    const recorded = await t.db
      .select({ agreement: waiverAgreements, membership: memberships })
      .from(waiverAgreements)
      .innerJoin(memberships, eq(memberships.id, waiverAgreements.membershipId))
      .where(inArray(waiverAgreements.athleteId, athletes));
    expect(recorded).toHaveLength(2);
    for (const row of recorded) {
      expect(row.agreement.guardianId).toBe(await userId(t.db, 'parent@example.com'));
      expect(row.membership.userId).toBe(row.agreement.athleteId);
    }
    const [receipt] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(receipt?.attachments?.map((file) => file.contentType)).toEqual(['application/pdf', 'application/pdf']);
  });
});

describe('a changed waiver is a new version, and the next registration agrees to it', () => {
  it('the owner saves a new text: version 2; version 1 is refused; the PDF shows the new text', async () => {
    const northside = await organizationIdNamed(t.db, 'Northside Youth Baseball');
    const saved = await staffCall('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
      waiver: NEW_WAIVER,
      household_discount: null,
    });
    expect(saved.status, saved.text).toBe(200);
    const versions = await t.db
      .select({ version: waiverVersions.version, text: waiverVersions.text })
      .from(waiverVersions)
      .where(eq(waiverVersions.organizationId, northside))
      .orderBy(asc(waiverVersions.version));
    expect(versions).toEqual([
      { version: 1, text: NORTHSIDE_WAIVER },
      { version: 2, text: NEW_WAIVER },
    ]);
    // Saving the same text again makes no version.
    await staffCall('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
      waiver: NEW_WAIVER,
      household_discount: null,
    });
    expect(await t.db.select().from(waiverVersions).where(eq(waiverVersions.organizationId, northside))).toHaveLength(
      2,
    );

    const token = await athleteWithLicence('TIGERS-2027');
    const body = { payment_plan_month: 0, team_id: await teamIdNamed(t.db, '12U Tigers'), discount_code: 'FULLRIDE' };
    expectError(
      await t.call('POST', '/api/memberships/checkout', {
        token,
        body: { ...body, waiver_version: 1 },
        headers: ENGLISH,
      }),
      422,
      CHANGED,
    );
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token,
      body: { ...body, waiver_version: 2 },
      headers: ENGLISH,
    });
    expect(paid.status, paid.text).toBe(200);
    const membership = await membershipOf('samrivera');
    const file = await download(`/api/memberships/${membership!.id}/waiver.pdf`, token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const text = pdfText(file.bytes);
    expect(text).toContain('Waiver version 2, in English');
    expect(text).toContain(sha256(NEW_WAIVER));
    expect(text).toContain('Helmets are worn at all times.');
  });
});

describe('a waiver agreed in Spanish', () => {
  it('records the Spanish row of the version, and the PDF is in Spanish', async () => {
    const EXENCION = 'Exención de responsabilidad de Northside Youth Baseball: acepto las normas de la liga.';
    const northside = await organizationIdNamed(t.db, 'Northside Youth Baseball');
    const saved = await staffCall('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
      waiver: NORTHSIDE_WAIVER,
      waiver_es: EXENCION,
      household_discount: null,
    });
    expect(saved.status, saved.text).toBe(200);
    const token = await athleteWithLicence('TIGERS-2027');
    const body = {
      payment_plan_month: 0,
      team_id: await teamIdNamed(t.db, '12U Tigers'),
      discount_code: 'FULLRIDE',
      waiver_version: 2,
    };
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token,
      body,
      headers: { 'Accept-Language': 'es-US,es;q=0.9' },
    });
    expect(paid.status, paid.text).toBe(200);
    const [recorded] = await agreementsOf('samrivera');
    expect(recorded?.version).toMatchObject({ version: 2, language: 'es', text: EXENCION, sha256: sha256(EXENCION) });
    const membership = await membershipOf('samrivera');
    const file = await download(`/api/memberships/${membership!.id}/waiver.pdf`, token);
    const text = pdfText(file.bytes);
    expect(text).toContain('Exención de responsabilidad firmada');
    expect(text).toContain('Versión 2 de la exención de responsabilidad, en español');
    expect(text).toContain('acepto las normas de la liga.');
  });
});

describe('who may download the signed waiver', () => {
  it('the family (their own only), the organization’s owners and registrars; never a coach or another club', async () => {
    await payTigers({ waiver_version: 1 });
    const membership = await membershipOf('samrivera');
    const path = `/api/memberships/${membership!.id}/waiver.pdf`;
    const adminPath = `/api/admin/memberships/${membership!.id}/waiver.pdf`;
    // The athlete who paid and their guardian.
    expect((await download(path, await t.tokenFor('samrivera'))).status).toBe(200);
    expect((await download(path, await t.tokenFor('parent@example.com'))).status).toBe(200);
    // Another household.
    const other = await download(path, await t.tokenFor('member@example.com'));
    expect(other.status).toBe(404);
    expect(other.bytes.toString('utf8')).not.toContain('%PDF');
    for (const email of [STAFF.owner, STAFF.registrar]) {
      const file = await download(adminPath, await staffTokenFor(t.db, email));
      expect(file.status).toBe(200);
      expect(pdfText(file.bytes)).toContain(sha256(NORTHSIDE_WAIVER));
    }
    expect((await download(adminPath, await staffTokenFor(t.db, STAFF.coach))).status).toBe(403);
    expect((await download(adminPath, await staffTokenFor(t.db, STAFF.otherOwner))).status).toBe(404);
    // A membership without a signed waiver (seeded): 404 for everyone.
    const [seeded] = await t.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, await userId(t.db, 'jordanlee')));
    expect(
      (await download(`/api/admin/memberships/${seeded!.id}/waiver.pdf`, await staffTokenFor(t.db, STAFF.owner)))
        .status,
    ).toBe(404);
  });

  it("the roster CSV's waiver columns: version, when, by whom (empty without one)", async () => {
    await payTigers({ waiver_version: 1 });
    const membership = await membershipOf('samrivera');
    const [recorded] = await agreementsOf('samrivera');
    const team = await teamIdNamed(t.db, '12U Tigers');
    const csv = await staffCall('GET', `/api/admin/teams/${team}/memberships.csv`, STAFF.registrar);
    expect(csv.status).toBe(200);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/,status,waiver_version,waiver_agreed_at,waiver_agreed_by$/);
    const line = lines.find((candidate) => candidate.startsWith(`${membership!.id},`));
    expect(line).toMatch(new RegExp(`,1,${recorded!.agreement.agreedAt.toISOString()},Pat Rivera$`));
    // The coach's roster has no waiver columns.
    const coach = await staffCall('GET', `/api/admin/teams/${team}/memberships.csv`, STAFF.coach);
    expect(coach.text.split('\r\n')[0]).not.toContain('waiver');
  });
});

describe('the version shown travels with the waiver text (the site sends it back at Pay Now)', () => {
  it('payment data and the quote carry the version of the text they show; a draft and Lakeside carry none', async () => {
    const token = await athleteWithLicence('TIGERS-2027');
    const plans = await t.call('POST', '/api/memberships/payment-plans', {
      token,
      body: { discount_code: null, include_payment_protection_plan: false },
      headers: ENGLISH,
    });
    expect(plans.status, plans.text).toBe(200);
    expect(plans.body).toMatchObject({ team: { waiver: NORTHSIDE_WAIVER, waiver_version: 1 } });

    const pat = await t.tokenFor('parent@example.com');
    const sam = await userId(t.db, 'samrivera');
    const line = { athlete_id: sam, payment_plan_month: 0, include_payment_protection_plan: false };
    const quote = await t.call('POST', '/api/household/quote', {
      token: pat,
      body: { athletes: [line], discount_code: null },
      headers: ENGLISH,
    });
    expect(quote.status, quote.text).toBe(200);
    expect((quote.body as { waivers: unknown[] }).waivers).toEqual([
      expect.objectContaining({ organization_name: 'Northside Youth Baseball', waiver: NORTHSIDE_WAIVER, version: 1 }),
    ]);
    // The quote reads the version in its own statement (checkout/lines.ts `athleteFields`), not one more per quote.
    const patRows = athleteRows(t.db, await userId(t.db, 'parent@example.com'));
    expect((await patRows([sam]))[0]?.waiverVersion).toBe(1);

    // The owner changes the text: the next read shows version 2 with the new text.
    const northside = await organizationIdNamed(t.db, 'Northside Youth Baseball');
    await staffCall('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
      waiver: NEW_WAIVER,
      household_discount: null,
    });
    const again = await t.call('POST', '/api/memberships/payment-plans', {
      token,
      body: { discount_code: null, include_payment_protection_plan: false },
      headers: ENGLISH,
    });
    expect(again.body).toMatchObject({ team: { waiver: NEW_WAIVER, waiver_version: 2 } });
    // Version 2 holds the new text now: the quote's statement reads it.
    expect((await patRows([sam]))[0]?.waiverVersion).toBe(2);

    const draft = await t.call('POST', '/nova-field/team-draft-payment-plans', {
      body: { draft_id: 1, discount_code: null, include_payment_protection_plan: false },
    });
    expect(draft.status, draft.text).toBe(200);
    expect((draft.body as { team: Record<string, unknown> }).team).not.toHaveProperty('waiver_version');

    const alex = await t.tokenFor('alexrivera');
    await t.call('POST', '/api/user/latest-license', { token: pat, body: { license_code: 'WAVES-2027' } });
    await t.call('POST', '/api/subscribe/claim-license', { token: alex, body: { license_code: 'WAVES-2027' } });
    const waves = await t.call('POST', '/api/memberships/payment-plans', {
      token: alex,
      body: { discount_code: null, include_payment_protection_plan: false },
      headers: ENGLISH,
    });
    expect(waves.status, waves.text).toBe(200);
    expect((waves.body as { team: Record<string, unknown> }).team).toMatchObject({ waiver: null });
    expect((waves.body as { team: Record<string, unknown> }).team).not.toHaveProperty('waiver_version');
  });

  it('a text changed while the page was open: Pay Now with the shown version is refused, nothing opened; agreed again it pays', async () => {
    const token = await athleteWithLicence('TIGERS-2027');
    const shown = await t.call('POST', '/api/memberships/payment-plans', {
      token,
      body: { discount_code: null, include_payment_protection_plan: false },
      headers: ENGLISH,
    });
    const version = (shown.body as { team: { waiver_version: number } }).team.waiver_version;
    const northside = await organizationIdNamed(t.db, 'Northside Youth Baseball');
    await staffCall('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
      waiver: NEW_WAIVER,
      household_discount: null,
    });
    const body = { payment_plan_month: 0, team_id: await teamIdNamed(t.db, '12U Tigers'), discount_code: null };
    const intentsBefore = await t.db.select().from(paymentIntents);
    const refused = await t.call('POST', '/api/memberships/checkout', {
      token,
      body: { ...body, waiver_version: version },
      headers: ENGLISH,
    });
    expectError(refused, 422, CHANGED);
    expect((refused.body as { messages: Record<string, string[]> }).messages).toEqual({ waiver_version: [CHANGED] });
    // In Spanish, the same refusal in Spanish.
    const enEspanol = await t.call('POST', '/api/memberships/checkout', {
      token,
      body: { ...body, waiver_version: version },
      headers: { 'Accept-Language': 'es-US,es;q=0.9' },
    });
    expectError(enEspanol, 422);
    expect((enEspanol.body as { message: string }).message).toContain('La exención de responsabilidad cambió');
    expect(await agreementsOf('samrivera')).toEqual([]);
    // Nothing charged: no intent was opened.
    expect(await t.db.select().from(paymentIntents)).toEqual(intentsBefore);

    const reread = await t.call('POST', '/api/memberships/payment-plans', {
      token,
      body: { discount_code: null, include_payment_protection_plan: false },
      headers: ENGLISH,
    });
    expect(reread.body).toMatchObject({ team: { waiver: NEW_WAIVER, waiver_version: 2 } });
    await payTigers({ waiver_version: 2 });
    const [recorded, ...more] = await agreementsOf('samrivera');
    expect(more).toEqual([]);
    expect(recorded?.version).toMatchObject({ version: 2, text: NEW_WAIVER });
  });
});
