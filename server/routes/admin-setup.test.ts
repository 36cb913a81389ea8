import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentDataSchema } from '../../src/api/payment-data.schemas.ts';
import { licenceInfoSchema } from '../../src/api/schemas.ts';
import { DATE_INVALID as DATE_INVALID_KEY } from '../../src/domain/forms/admin-fields.ts';
import {
  CODE_TAKEN as CODE_TAKEN_KEY,
  LICENCE_CHANGE_REQUIRED as LICENCE_CHANGE_REQUIRED_KEY,
} from '../../src/domain/forms/admin-licence.ts';
import {
  DEPOSIT_TOO_BIG as DEPOSIT_TOO_BIG_KEY,
  PLAN_MONTHS_INVALID as PLAN_MONTHS_INVALID_KEY,
} from '../../src/domain/forms/admin-team.ts';
import {
  drafts,
  mailOutbox,
  membershipPhases,
  memberships,
  organizations,
  seasons,
  teams,
  waitlistEntries,
} from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { english } from '../i18n/index.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

// The forms' messages are catalogue keys; the server answers their English text.
const DATE_INVALID = english(DATE_INVALID_KEY);
const CODE_TAKEN = english(CODE_TAKEN_KEY);
const LICENCE_CHANGE_REQUIRED = english(LICENCE_CHANGE_REQUIRED_KEY);
const DEPOSIT_TOO_BIG = english(DEPOSIT_TOO_BIG_KEY);
const PLAN_MONTHS_INVALID = english(PLAN_MONTHS_INVALID_KEY);

/**
 * The console's season set-up (issue 22 point 2) and the draft editor's API (point 6): docs/api.md "Season set-up
 * and the draft editor". Northside's owner sets up, its registrar manages licences, discount codes and drafts, its
 * Tigers coach may do none of it, and Lakeside's owner finds none of Northside's rows (404).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const as = (email: string) => staffTokenFor(t.db, email);
const call = async (method: string, path: string, email: string, body?: unknown) =>
  t.call(method, path, { token: await as(email), body });
/** A licence change that means whatever version the licence has (`If-Match: *`; seat-holds.test.ts tests versions). */
const putLicence = async (code: string, email: string, body: unknown) =>
  t.call('PUT', `/api/admin/licences/${code}`, { token: await as(email), body, headers: { 'If-Match': '*' } });

async function ids() {
  const [tigers] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  const [draft] = await t.db.select().from(drafts).where(eq(drafts.name, '12U Tigers'));
  const [lakeside] = await t.db.select().from(organizations).where(eq(organizations.name, 'Lakeside Little League'));
  const [lakesideSeason] = await t.db
    .select()
    .from(seasons)
    .where(and(eq(seasons.name, 'Spring 2027'), eq(seasons.organizationId, lakeside!.id)));
  return { tigers: tigers!, northside: tigers!.organizationId, draft: draft!, lakesideSeason: lakesideSeason! };
}

const NEW_TEAM = {
  name: '10U Comets',
  total_dues_cents: 60_000,
  athlete_deposit_cents: 10_000,
  payment_plan_fee_cents: 1_000,
  total_app_fee_cents: 2_000,
  is_app_fee_itemized: true,
  plan_months: [4],
  protection_plan_id: null,
};

/** A guardian picks a licence, then the athlete claims it (spec §6), and the plans the athlete is shown. */
async function familyFollows(code: string) {
  const info = expectOk(await t.call('GET', `/api/registration-link/info/${code}`), licenceInfoSchema);
  const guardian = await t.tokenFor('parent@example.com');
  const picked = await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: code } });
  expect(picked.status, picked.text).toBe(200);
  const athlete = await t.tokenFor('samrivera');
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: athlete,
    body: { license_code: code },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  const plans = expectOk(
    await t.call('POST', '/api/memberships/payment-plans', {
      token: athlete,
      body: { discount_code: null, include_payment_protection_plan: false },
    }),
    paymentDataSchema,
  );
  return { info, plans };
}

describe('an owner sets up a season', () => {
  it('creates a season, a team and its licence; a family following the link sees exactly the new team’s plans', async () => {
    const { northside } = await ids();
    const season = await call('POST', `/api/admin/organizations/${northside}/seasons`, STAFF.owner, {
      name: ' Summer 2027 ',
      start_date: '2027-06-01',
      first_installment_on: '2027-05-15',
    });
    expect(season.status, season.text).toBe(201);
    const seasonId = (season.body as { season: { id: number } }).season.id;
    expect(season.body).toEqual({
      season: {
        id: seasonId,
        name: 'Summer 2027',
        start_date: '2027-06-01',
        first_installment_on: '2027-05-15',
        teams: [],
      },
    });

    const team = await call('POST', `/api/admin/seasons/${seasonId}/teams`, STAFF.owner, NEW_TEAM);
    expect(team.status, team.text).toBe(201);
    const teamId = (team.body as { team: { id: number } }).team.id;
    expect(team.body).toMatchObject({ team: { ...NEW_TEAM, id: teamId, season_id: seasonId, licences: [] } });

    // The registrar hands out the licence (code in any case, stored upper-case).
    const licence = await call('POST', `/api/admin/teams/${teamId}/licences`, STAFF.registrar, {
      code: 'comets-2027',
      seats: 12,
    });
    expect(licence.status, licence.text).toBe(201);
    expect(licence.body).toMatchObject({
      licence: {
        code: 'COMETS-2027',
        name: '10U Comets Summer 2027',
        kind: 'team',
        team_id: teamId,
        available_licenses: 12,
        paused: false,
        claimed: 0,
        link: expect.stringMatching(/\/licenses\/COMETS-2027$/),
      },
    });

    const { info, plans } = await familyFollows('COMETS-2027');
    expect(info).toMatchObject({
      team_id: teamId,
      team_name: '10U Comets',
      season_name: 'Summer 2027',
      available: true,
    });
    expect(plans.team).toMatchObject({
      id: teamId,
      name: '10U Comets',
      total_dues: 60_000,
      athlete_deposit: 10_000,
      payment_plan_fee: 1_000,
      total_app_fee: 2_000,
      is_app_fee_itemized: true,
    });
    expect(plans.season).toMatchObject({ id: seasonId, name: 'Summer 2027', start_date: '2027-06-01' });
    expect(plans.injury_protection_insurance).toBeNull();
    // Pay in full and the one monthly plan the team offers: nothing of another team.
    expect(plans.payment_plans.map((plan) => plan.month)).toEqual([0, 4]);
    const inFull = plans.payment_plans[0]!;
    expect(inFull.phases.reduce((sum, phase) => sum + phase.base_amount, 0)).toBe(60_000 + 2_000);

    const setup = await call('GET', `/api/admin/organizations/${northside}/setup`, STAFF.registrar);
    expect(setup.status, setup.text).toBe(200);
    const summer = (
      setup.body as { seasons: { id: number; teams: { licences: { claimed: number }[] }[] }[] }
    ).seasons.find((candidate) => candidate.id === seasonId);
    expect(summer?.teams[0]?.licences[0]?.claimed).toBe(1);
  });

  it('reads the whole set-up: seasons with teams and licences, coach licences, waiver, discounts, protection plans', async () => {
    const { northside, tigers } = await ids();
    const setup = await call('GET', `/api/admin/organizations/${northside}/setup`, STAFF.owner);
    expect(setup.status, setup.text).toBe(200);
    const body = setup.body as {
      organization: unknown;
      seasons: { name: string; teams: { id: number; licences: { code: string }[] }[] }[];
      coach_licences: { code: string }[];
      protection_plans: unknown[];
    };
    expect(body.organization).toMatchObject({
      id: northside,
      name: 'Northside Youth Baseball',
      household_discount: { second_percent: 10, further_percent: 15 },
    });
    expect(body.seasons.map((season) => season.name)).toEqual(['Fall 2026', 'Spring 2027']);
    const tigersJson = body.seasons[1]!.teams.find((team) => team.id === tigers.id);
    expect(tigersJson).toMatchObject({ total_dues_cents: 45_000, plan_months: [3, 6] });
    expect(tigersJson!.licences.map((licence) => licence.code)).toEqual(['FULL-2027', 'PAUSED-2027', 'TIGERS-2027']);
    expect(body.coach_licences.map((licence) => licence.code)).toEqual(['COACH-2027', 'COACH-GONE']);
    expect(body.protection_plans).toEqual([{ id: expect.any(Number), name: 'Injury Protection', amount_cents: 2900 }]);
    // Nothing of Lakeside's.
    expect(setup.text).not.toContain('WAVES-2027');
    expect(setup.text).not.toContain('Lakeside');
  });

  it('changes the season, the settings and a coach licence', async () => {
    const { northside, tigers } = await ids();
    const season = await call('PUT', `/api/admin/seasons/${tigers.seasonId}`, STAFF.owner, {
      name: 'Spring 2027',
      start_date: '2027-03-08',
      first_installment_on: '2027-01-01',
    });
    expect(season.status, season.text).toBe(200);
    expect(season.body).toMatchObject({ season: { start_date: '2027-03-08', teams: [{ name: '12U Tigers' }] } });

    const settings = await call('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
      waiver: '  New waiver text.  ',
      household_discount: null,
    });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.body).toEqual({
      organization: {
        id: northside,
        name: 'Northside Youth Baseball',
        waiver: 'New waiver text.',
        household_discount: null,
      },
    });

    const coach = await call('POST', `/api/admin/organizations/${northside}/coach-licences`, STAFF.owner, {
      code: 'COACH-2028',
      seats: 4,
      expires_on: '2028-12-31',
    });
    expect(coach.status, coach.text).toBe(201);
    expect(coach.body).toMatchObject({ licence: { kind: 'coach', team_id: null, expires_on: '2028-12-31' } });
    const info = expectOk(await t.call('GET', '/api/registration-link/info/COACH-2028'), licenceInfoSchema);
    expect(info).toMatchObject({ is_coach: true, available: true, available_licenses: 4 });
  });
});

describe('fees and what a paid family owes', () => {
  it('a fee change never changes a paid family’s amounts; the next family pays the new fees', async () => {
    const { tigers } = await ids();
    const member = await t.tokenFor('member@example.com');
    const before = await t.call('GET', '/api/memberships', { token: member });
    expect(before.status, before.text).toBe(200);
    const jordan = await userId(t.db, 'jordanlee');
    const rowsOf = async () => {
      const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, jordan));
      const phases = await t.db
        .select()
        .from(membershipPhases)
        .where(eq(membershipPhases.membershipId, membership!.id))
        .orderBy(asc(membershipPhases.id));
      return { membership, phases };
    };
    const stored = await rowsOf();
    expect(stored.phases.length).toBeGreaterThan(0);

    const changed = await call('PUT', `/api/admin/teams/${tigers.id}`, STAFF.owner, {
      name: '12U Tigers',
      total_dues_cents: 90_000,
      athlete_deposit_cents: 20_000,
      payment_plan_fee_cents: 2_500,
      total_app_fee_cents: 5_000,
      is_app_fee_itemized: false,
      plan_months: [10],
      protection_plan_id: null,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ team: { total_dues_cents: 90_000, plan_months: [10] } });

    const after = await t.call('GET', '/api/memberships', { token: member });
    expect(after.body).toEqual(before.body);
    expect(await rowsOf()).toEqual(stored);

    const { plans } = await familyFollows('TIGERS-2027');
    expect(plans.team).toMatchObject({ total_dues: 90_000, athlete_deposit: 20_000, is_app_fee_itemized: false });
    expect(plans.payment_plans.map((plan) => plan.month)).toEqual([0, 10]);
  });
});

describe('licences', () => {
  it('a seat raised on a full licence with a waitlist is offered to the first waiting family', async () => {
    const joined = await t.call('POST', '/api/waitlist', {
      token: await t.tokenFor('parent@example.com'),
      body: { license: 'FULL-2027' },
    });
    expect(joined.status, joined.text).toBe(201);
    const raised = await putLicence('full-2027', STAFF.registrar, { available_licenses: 1 });
    expect(raised.status, raised.text).toBe(200);
    // The offer holds the seat: none left for anyone else.
    expect(raised.body).toMatchObject({ licence: { code: 'FULL-2027', available_licenses: 0, paused: false } });
    const [entry] = await t.db.select().from(waitlistEntries);
    expect(entry?.status).toBe('offered');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'parent@example.com'));
    expect(mails.length).toBe(1);
  });

  it('pauses and resumes a licence, with its seats in the same call', async () => {
    const paused = await putLicence('TIGERS-2027', STAFF.owner, { paused: true });
    expect(paused.body).toMatchObject({ licence: { paused: true, available_licenses: 48 } });
    expect(expectOk(await t.call('GET', '/api/registration-link/info/TIGERS-2027'), licenceInfoSchema)).toMatchObject({
      paused: true,
      available: false,
    });
    const resumed = await putLicence('TIGERS-2027', STAFF.owner, {
      paused: false,
      available_licenses: 3,
    });
    expect(resumed.body).toMatchObject({ licence: { paused: false, available_licenses: 3 } });
    expectError(await putLicence('TIGERS-2027', STAFF.owner, {}), 422, LICENCE_CHANGE_REQUIRED);
  });

  it('a code in use answers 422 on code, in any organization and any case', async () => {
    const { tigers } = await ids();
    for (const code of ['tigers-2027', 'WAVES-2027']) {
      const taken = expectError(
        await call('POST', `/api/admin/teams/${tigers.id}/licences`, STAFF.owner, { code, seats: 1 }),
        422,
        CODE_TAKEN,
      );
      expect(taken.messages).toEqual({ code: [CODE_TAKEN] });
    }
  });
});

describe('discount codes', () => {
  it('lists and creates the organization’s codes; families can use a new one', async () => {
    const { northside } = await ids();
    const path = `/api/admin/organizations/${northside}/discount-codes`;
    expect((await call('GET', path, STAFF.registrar)).body).toEqual({ discount_codes: [] });
    const created = await call('POST', path, STAFF.registrar, {
      code: 'spring25',
      percent_off: null,
      flat_discount_cents: 2500,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      discount_code: { code: 'SPRING25', percent_off: null, flat_discount_cents: 2500, is_active: true },
    });
    expect((await call('GET', path, STAFF.owner)).body).toEqual({
      discount_codes: [{ code: 'SPRING25', percent_off: null, flat_discount_cents: 2500, is_active: true }],
    });
    // A family registering with one of Northside's licences can use it.
    const guardian = await t.tokenFor('parent@example.com');
    await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: 'TIGERS-2027' } });
    const family = await t.call('GET', '/api/discount-codes/SPRING25', { token: guardian });
    expect(family.status, family.text).toBe(200);
    expect(family.body).toMatchObject({ discount_code: 'SPRING25', flat_discount_amount: 25 });
    expectError(
      await call('POST', path, STAFF.owner, { code: 'SAVE10', percent_off: 5, flat_discount_cents: null }),
      422,
      CODE_TAKEN,
    );
    const both = expectError(
      await call('POST', path, STAFF.owner, { code: 'BOTH', percent_off: 5, flat_discount_cents: 500 }),
      422,
    );
    expect(Object.keys(both.messages)).toEqual(['percent_off']);
  });
});

describe('the draft editor', () => {
  it('starts a draft from a team, saves it (the preview hears `updated`) and the preview shows the change', async () => {
    const { northside, tigers } = await ids();
    const trigger = vi.spyOn(t.providers.realtime, 'trigger');
    const created = await call('POST', `/api/admin/organizations/${northside}/drafts`, STAFF.registrar, {
      team_id: tigers.id,
    });
    expect(created.status, created.text).toBe(201);
    const draft = (created.body as { draft: { id: number } }).draft;
    expect(created.body).toMatchObject({
      draft: {
        team_id: tigers.id,
        season_id: tigers.seasonId,
        name: '12U Tigers',
        total_dues_cents: 45_000,
        preview_path: `/draft?draft_id=${draft.id}`,
      },
    });
    const listed = await call('GET', `/api/admin/organizations/${northside}/drafts`, STAFF.owner);
    expect((listed.body as { drafts: { id: number }[] }).drafts.map((row) => row.id)).toContain(draft.id);

    const saved = await call('PUT', `/api/admin/drafts/${draft.id}`, STAFF.registrar, {
      ...NEW_TEAM,
      name: '12U Tigers (next year)',
      season_id: tigers.seasonId,
      waiver: 'Draft waiver.',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      draft: { name: '12U Tigers (next year)', total_dues_cents: 60_000, plan_months: [4] },
    });
    expect(trigger).toHaveBeenCalledWith(`team.draft.${draft.id}`, 'updated', { draft_id: draft.id });

    const preview = expectOk(
      await t.call('POST', '/nova-field/team-draft-payment-plans', {
        body: { draft_id: draft.id, discount_code: null, include_payment_protection_plan: false },
      }),
      paymentDataSchema,
    );
    expect(preview.team).toMatchObject({ name: '12U Tigers (next year)', total_dues: 60_000, waiver: 'Draft waiver.' });
    expect(preview.payment_plans.map((plan) => plan.month)).toEqual([0, 4]);
    expect((await call('GET', `/api/admin/drafts/${draft.id}`, STAFF.owner)).body).toEqual(saved.body);
  });

  it('answers a draft in cents with its preview path, byte for byte the contract of docs/api.md', async () => {
    const { draft } = await ids();
    const answer = await call('GET', `/api/admin/drafts/${draft.id}`, STAFF.owner);
    expect(answer.status).toBe(200);
    // The exact text (keys in this order): the staff route's dollars JSON shares this mapper (services/drafts.ts).
    expect(answer.text).toBe(
      JSON.stringify({
        draft: {
          id: draft.id,
          organization_id: draft.organizationId,
          team_id: draft.teamId,
          season_id: draft.seasonId,
          name: '12U Tigers',
          total_dues_cents: 45_000,
          athlete_deposit_cents: 5_000,
          payment_plan_fee_cents: 500,
          total_app_fee_cents: 2_500,
          is_app_fee_itemized: true,
          plan_months: [3, 6],
          protection_plan_id: draft.protectionPlanId,
          waiver: draft.waiver,
          updated_at: draft.updatedAt.toISOString(),
          preview_path: `/draft?draft_id=${draft.id}`,
        },
      }),
    );
  });

  it('refuses a season of another organization (422 season_id) and a deposit over the dues', async () => {
    const { draft, lakesideSeason } = await ids();
    const body = { ...NEW_TEAM, season_id: lakesideSeason.id, waiver: null };
    const other = expectError(await call('PUT', `/api/admin/drafts/${draft.id}`, STAFF.owner, body), 422);
    expect(Object.keys(other.messages)).toEqual(['season_id']);
    const deposit = expectError(
      await call('PUT', `/api/admin/drafts/${draft.id}`, STAFF.owner, {
        ...body,
        season_id: null,
        athlete_deposit_cents: 70_000,
      }),
      422,
      DEPOSIT_TOO_BIG,
    );
    expect(deposit.messages).toEqual({ athlete_deposit_cents: [DEPOSIT_TOO_BIG] });
  });
});

describe('validation and scope', () => {
  it('answers 422 with the form’s field keys, never a 5xx', async () => {
    const { tigers, northside } = await ids();
    const bad = expectError(
      await call('PUT', `/api/admin/teams/${tigers.id}`, STAFF.owner, {
        ...NEW_TEAM,
        total_dues_cents: 12.5,
        plan_months: [1, 3],
        protection_plan_id: 2_147_483_647,
      }),
      422,
    );
    expect(bad.messages).toMatchObject({ plan_months: [PLAN_MONTHS_INVALID] });
    expect(Object.keys(bad.messages).sort()).toEqual(['plan_months', 'total_dues_cents']);
    const plan = expectError(
      await call('PUT', `/api/admin/teams/${tigers.id}`, STAFF.owner, {
        ...NEW_TEAM,
        protection_plan_id: 2_147_483_647,
      }),
      422,
    );
    expect(Object.keys(plan.messages)).toEqual(['protection_plan_id']);
    const settings = expectError(
      await call('PUT', `/api/admin/organizations/${northside}/settings`, STAFF.owner, {
        waiver: null,
        household_discount: { second_percent: 120 },
      }),
      422,
    );
    expect(Object.keys(settings.messages).sort()).toEqual([
      'household_discount.further_percent',
      'household_discount.second_percent',
    ]);
    const season = expectError(
      await call('POST', `/api/admin/organizations/${northside}/seasons`, STAFF.owner, {
        name: '',
        start_date: '2027-02-30',
      }),
      422,
    );
    expect(Object.keys(season.messages).sort()).toEqual(['first_installment_on', 'name', 'start_date']);
    for (const raw of ['[]', 'null', '"text"', '{"name":']) {
      const answer = await t.call('POST', `/api/admin/organizations/${northside}/seasons`, {
        token: await as(STAFF.owner),
        rawBody: raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status, raw).toBeGreaterThanOrEqual(400);
      expect(answer.status, raw).toBeLessThan(500);
    }
  });

  it('a date of year 0000 (PostgreSQL has no year 0) answers 422 on its field, not 500', async () => {
    const { northside, tigers } = await ids();
    const created = expectError(
      await call('POST', `/api/admin/organizations/${northside}/seasons`, STAFF.owner, {
        name: 'Year zero',
        start_date: '0000-01-01',
        first_installment_on: '0000-02-29',
      }),
      422,
    );
    expect(created.messages).toEqual({ start_date: [DATE_INVALID], first_installment_on: [DATE_INVALID] });
    const changed = expectError(
      await call('PUT', `/api/admin/seasons/${tigers.seasonId}`, STAFF.owner, {
        name: 'Spring 2027',
        start_date: '2027-03-01',
        first_installment_on: '0000-12-31',
      }),
      422,
    );
    expect(changed.messages).toEqual({ first_installment_on: [DATE_INVALID] });
    const coach = expectError(
      await call('POST', `/api/admin/organizations/${northside}/coach-licences`, STAFF.owner, {
        code: 'COACH-ZERO',
        seats: 1,
        expires_on: '0000-06-01',
      }),
      422,
    );
    expect(coach.messages).toEqual({ expires_on: [DATE_INVALID] });
    // Year 0001 is PostgreSQL's first: stored and answered as sent.
    const first = await call('POST', `/api/admin/organizations/${northside}/coach-licences`, STAFF.owner, {
      code: 'COACH-ONE',
      seats: 1,
      expires_on: '0001-01-01',
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ licence: { expires_on: '0001-01-01' } });
    // The collector's `as_of` (static staff API) too.
    const run = await t.call('POST', '/api/staff/billing/run', {
      token: DEFAULT_STAFF_TOKEN,
      body: { as_of: '0000-01-01' },
    });
    expectError(run, 422);
  });

  it("another organization's season, team, licence and draft answer 404 with their own text; a coach 403", async () => {
    const { tigers, draft } = await ids();
    const other = STAFF.otherOwner;
    expectError(
      await call('PUT', `/api/admin/seasons/${tigers.seasonId}`, other, {
        name: 'X',
        start_date: '2027-01-01',
        first_installment_on: '2027-01-01',
      }),
      404,
      'Season not found.',
    );
    expectError(await call('PUT', `/api/admin/teams/${tigers.id}`, other, NEW_TEAM), 404, 'Team not found.');
    expectError(
      await call('POST', `/api/admin/seasons/${tigers.seasonId}/teams`, other, NEW_TEAM),
      404,
      'Season not found.',
    );
    expectError(await putLicence('TIGERS-2027', other, { paused: true }), 404, 'Licence not found.');
    expectError(await call('GET', `/api/admin/drafts/${draft.id}`, other), 404, 'Draft not found.');
    expectError(await call('GET', '/api/admin/drafts/2147483647', STAFF.owner), 404, 'Draft not found.');
    expectError(await putLicence('NOPE-1', STAFF.owner, { paused: true }), 404, 'Licence not found.');
    // A Northside team may not start a Lakeside draft.
    const lakeside = STAFF.otherOwner;
    const [wavesTeam] = await t.db.select().from(teams).where(eq(teams.name, '10U Waves'));
    expectError(
      await call('POST', `/api/admin/organizations/${wavesTeam!.organizationId}/drafts`, lakeside, {
        team_id: tigers.id,
      }),
      422,
      'The selected team is invalid.',
    );
    const refused = 'Your role in this organization does not allow this.';
    expectError(await call('PUT', `/api/admin/teams/${tigers.id}`, STAFF.coach, NEW_TEAM), 403, refused);
    expectError(await call('PUT', `/api/admin/teams/${tigers.id}`, STAFF.registrar, NEW_TEAM), 403, refused);
    expectError(await call('GET', `/api/admin/drafts/${draft.id}`, STAFF.coach), 403, refused);
  });
});
