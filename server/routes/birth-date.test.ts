import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playerOptionsSchema, positionListSchema } from '../../src/api/player.schemas.ts';
import { membershipDocuments, playerProfiles, staffAuditLog, teams, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { PDF } from '../test/document-samples.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { paidSharksMembership, teamIdNamed } from '../test/fixture-ids.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 32: the athlete's date of birth is the family's to give and correct until a proof of age is approved; then a
 * change is refused (409, in the request's language) and the date shows as locked. The eligibility follows the new
 * date. `users.birth_date` and the player profile's `birthday` are written together, both ways. Hostile requests:
 * another household, a staff token, malformed dates. On PostgreSQL too.
 */

let t: TestApp;
let dataDir: string;
let parent: string;
let sam: number;

const LOCKED =
  'The date of birth can no longer be changed: the club has verified a proof of age. Contact the club to correct it.';
const LOCKED_ES =
  'La fecha de nacimiento ya no se puede cambiar: el club verificó un comprobante de edad. Contacta al club para corregirla.';

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'birth-date-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  parent = await t.tokenFor('parent@example.com');
  sam = await userId(t.db, 'samrivera');
});

afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const give = (birthDate: unknown, token = parent, headers: Record<string, string> = {}) =>
  t.call('PUT', `/api/eligibility/athletes/${sam}/birth-date`, {
    token,
    body: { birth_date: birthDate, license_code: 'SHARKS-2027' },
    headers,
  });
const correct = (birthDate: unknown, token = parent, headers: Record<string, string> = {}) =>
  t.call('PUT', `/api/eligibility/athletes/${sam}`, { token, body: { birth_date: birthDate }, headers });
const list = async (token = parent) =>
  (await t.call('GET', '/api/eligibility/athletes', { token })).body as {
    athletes: { id: number; name: string; birth_date: string | null; birth_date_locked: boolean }[];
  };
const stored = async () => {
  const [row] = await t.db.select({ birthDate: users.birthDate }).from(users).where(eq(users.id, sam));
  const [profile] = await t.db
    .select({ birthday: playerProfiles.birthday })
    .from(playerProfiles)
    .where(eq(playerProfiles.userId, sam));
  return { user: row?.birthDate ?? null, profile: profile?.birthday ?? null };
};

/** Sam's document for 12U Sharks (a proof of age unless named), uploaded by Pat: its id, waiting for review. */
async function uploadDocument(name = 'Proof of age', membershipId?: number): Promise<number> {
  const membership = membershipId ?? (await paidSharksMembership(t.db, sam, await userId(t.db, 'parent@example.com')));
  const uploaded = await t.app.request(`/api/memberships/${membership}/documents?${new URLSearchParams({ name })}`, {
    method: 'PUT',
    headers: { 'X-Requested-With': 'website', Authorization: `Bearer ${parent}` },
    body: PDF,
  });
  expect(uploaded.status).toBe(200);
  const [doc] = await t.db
    .select({ id: membershipDocuments.id })
    .from(membershipDocuments)
    .where(eq(membershipDocuments.name, name));
  return doc!.id;
}

const approve = async (documentId: number) =>
  t.call('POST', `/api/admin/documents/${documentId}/approve`, {
    token: await staffTokenFor(t.db, 'registrar@lakeside.example'),
  });

/** Sam's proof of age for 12U Sharks, uploaded by Pat and approved by Lakeside's registrar: the date is locked. */
async function approveProofOfAge() {
  const approved = await approve(await uploadDocument());
  expect(approved.status, approved.text).toBe(200);
}

async function playerBody(token: string, birthday: string) {
  const options = expectOk(await t.call('GET', '/api/player/create', { token }), playerOptionsSchema);
  const positions = expectOk(await t.call('GET', '/api/position', { token }), positionListSchema);
  return {
    birthday,
    sex: 'f',
    weight: 101.5,
    height: 60,
    position: positions[0]!.id,
    phase: options.phase[0]!.id,
    lifting_experience: options.experience_levels[0]!.id,
    agility_experience: options.experience_levels[0]!.id,
    upper_plyometric_experience: options.experience_levels[0]!.id,
    lower_plyometric_experience: options.experience_levels[0]!.id,
    weight_goal: options.weight_goals[0]!.id,
  };
}

describe("the athlete's date of birth (issue 32)", () => {
  it('is corrected by the family until a proof of age is approved, and the eligibility follows it', async () => {
    expect((await give('2014-09-01')).body).toMatchObject({ birth_date: '2014-09-01', eligible: true });
    // A second date replaces the first: born too early now.
    expect((await give('2013-05-01')).body).toMatchObject({ birth_date: '2013-05-01', eligible: false });
    const corrected = await correct('2015-05-01');
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.body).toEqual({
      athlete: { id: sam, name: 'Sam Rivera', birth_date: '2015-05-01', birth_date_locked: false },
    });
    expect((await list()).athletes.find((athlete) => athlete.id === sam)).toEqual({
      id: sam,
      name: 'Sam Rivera',
      birth_date: '2015-05-01',
      birth_date_locked: false,
    });

    await approveProofOfAge();
    expect((await list()).athletes.find((athlete) => athlete.id === sam)?.birth_date_locked).toBe(true);
    const refused = expectError(await correct('2014-09-02'), 409, LOCKED);
    expect(refused.messages).toEqual({ birth_date: [LOCKED] });
    expectError(await give('2014-09-02'), 409, LOCKED);
    expectError(await correct('2014-09-02', parent, { 'Accept-Language': 'es' }), 409, LOCKED_ES);
    // The same date again is no change: answered as it is.
    expect((await correct('2015-05-01')).status).toBe(200);
    expect(await stored()).toEqual({ user: '2015-05-01', profile: null });
  });

  it("keeps the player profile's birthday and the athlete's date of birth equal, both ways", async () => {
    const token = await t.tokenFor('samrivera');
    await give('2014-09-01');
    // A profile made afterwards writes its birthday to the athlete too.
    const created = await t.call('POST', '/api/player', { token, body: await playerBody(token, '4/9/2015') });
    expect(created.status, created.text).toBe(200);
    expect(await stored()).toEqual({ user: '2015-04-09', profile: '2015-04-09' });
    // A correction writes the profile's birthday too.
    await correct('2015-06-30');
    expect(await stored()).toEqual({ user: '2015-06-30', profile: '2015-06-30' });
    expect((await give('2015-06-30')).body).toMatchObject({ birth_date: '2015-06-30', eligible: true });
  });

  it('a profile with another birthday is refused once the date is locked', async () => {
    await give('2015-05-01');
    await approveProofOfAge();
    const token = await t.tokenFor('samrivera');
    const refused = expectError(
      await t.call('POST', '/api/player', { token, body: await playerBody(token, '4/9/2015') }),
      409,
      LOCKED,
    );
    expect(refused.messages).toEqual({ birthday: [LOCKED] });
    expect(await stored()).toEqual({ user: '2015-05-01', profile: null });
    const same = await t.call('POST', '/api/player', { token, body: await playerBody(token, '5/1/2015') });
    expect(same.status, same.text).toBe(200);
    expect(await stored()).toEqual({ user: '2015-05-01', profile: '2015-05-01' });
  });

  it('refuses hostile requests: another household, a staff token, malformed dates, unknown fields', async () => {
    await give('2015-05-01');
    const other = await t.tokenFor('member@example.com');
    expectError(await correct('2014-01-01', other), 404);
    expect((await list(other)).athletes.map((athlete) => athlete.id)).not.toContain(sam);
    expectError(await correct('2014-01-01', await staffTokenFor(t.db, STAFF.coach)), 401);
    for (const bad of ['2015-02-30', '2015/05/01', '05/01/2015', '1899-12-31', '2999-01-01', '', 20150501, null]) {
      expectError(await correct(bad), 422);
      expectError(await give(bad), 422);
    }
    expectError(
      await t.call('PUT', `/api/eligibility/athletes/${sam}`, {
        token: parent,
        body: { birth_date: '2015-05-01', locked: false },
      }),
      422,
    );
    expectError(await t.call('PUT', `/api/eligibility/athletes/${sam}`, { token: parent, rawBody: '{' }), 400);
    expectError(
      await t.call('PUT', '/api/eligibility/athletes/abc', { token: parent, body: { birth_date: '2015-05-01' } }),
      422,
    );
    expectError(await t.call('GET', '/api/eligibility/athletes'), 401);
    expect(await stored()).toEqual({ user: '2015-05-01', profile: null });
  });

  it("only a proof of age locks it: approving the club's own document leaves the date the family's", async () => {
    await t.db
      .update(teams)
      .set({ requiredDocuments: ['Proof of age', 'Medical form'] })
      .where(eq(teams.id, await teamIdNamed(t.db, '12U Sharks')));
    await give('2015-05-01');
    const membershipId = await paidSharksMembership(t.db, sam, await userId(t.db, 'parent@example.com'));
    const medical = await approve(await uploadDocument('Medical form', membershipId));
    expect(medical.status, medical.text).toBe(200);
    expect((await list()).athletes.find((athlete) => athlete.id === sam)?.birth_date_locked).toBe(false);
    const family = await t.call('GET', '/api/documents', { token: parent });
    expect(family.body).toMatchObject({
      documents: [{ name: 'Proof of age', dob_locked: false }, { dob_locked: false }],
    });
    expect((await correct('2015-06-01')).status).toBe(200);

    const proof = await approve(await uploadDocument('Proof of age', membershipId));
    expect(proof.status, proof.text).toBe(200);
    expect((await list()).athletes.find((athlete) => athlete.id === sam)?.birth_date_locked).toBe(true);
    expectError(await correct('2015-07-01'), 409, LOCKED);
    expect(await stored()).toEqual({ user: '2015-06-01', profile: null });
  });

  it('a change racing the approval does not interleave: it lands before it, or is refused after it', async () => {
    await give('2015-05-01');
    const documentId = await uploadDocument();
    // Several rounds, each from a pending proof and the first date, the change and the approval sent at once.
    for (const round of [1, 2, 3, 4, 5]) {
      const wanted = `2015-06-0${round}`;
      const [approved, changed] = await Promise.all([approve(documentId), correct(wanted)]);
      expect(approved.status, approved.text).toBe(200);
      const [audit] = await t.db
        .select({ after: staffAuditLog.after })
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, 'approve_document'))
        .orderBy(desc(staffAuditLog.id))
        .limit(1);
      if (changed.status === 200) {
        // The change came first: the approval verified the new date, which is now locked.
        expect(audit?.after).toMatchObject({ birth_date: wanted });
        expect(await stored()).toEqual({ user: wanted, profile: null });
      } else {
        // The approval came first: the change is refused and the verified date stays.
        expectError(changed, 409, LOCKED);
        expect(audit?.after).toMatchObject({ birth_date: '2015-05-01' });
        expect(await stored()).toEqual({ user: '2015-05-01', profile: null });
      }
      expect((await list()).athletes.find((athlete) => athlete.id === sam)?.birth_date_locked).toBe(true);
      await t.db.update(membershipDocuments).set({ status: 'pending', reviewedBy: null, reviewedAt: null });
      await t.db.update(users).set({ birthDate: '2015-05-01' }).where(eq(users.id, sam));
    }
  });
});
