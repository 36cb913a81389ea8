import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdAthleteIds, householdGuardianIds } from '../services/households.ts';
import { verifyPassword } from '../services/passwords.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import {
  clients,
  coupons,
  discountCodes,
  drafts,
  licences,
  organizations,
  planDetails,
  protectionPlans,
  seasons,
  staffAccounts,
  staffRoles,
  teamQuestions,
  teams,
  users,
} from './schema/index.ts';
import { seedIfEmpty } from './seed.ts';

const FIXTURES_DOC = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'fixtures.md'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Splits a markdown table row into trimmed cells without backticks. */
function cells(line: string): string[] {
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim().replaceAll('`', ''));
}

/** The rows of the markdown table whose header starts with the given cells, e.g. `code | kind`. */
function table(header: string): string[][] {
  const wanted = header.split('|').map((name) => name.trim());
  const lines = FIXTURES_DOC.split('\n');
  const start = lines.findIndex(
    (line) => line.startsWith('|') && wanted.every((name, index) => cells(line)[index] === name),
  );
  expect(start, `table '${header}' in docs/fixtures.md`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('the seeded database matches docs/fixtures.md', () => {
  it("has 12U Sharks' own questions (issue 32 point 4)", async () => {
    const rows = await t.db
      .select({ team: teams.name, question: teamQuestions })
      .from(teamQuestions)
      .innerJoin(teams, eq(teams.id, teamQuestions.teamId))
      .orderBy(asc(teamQuestions.teamId), asc(teamQuestions.position));
    expect(
      rows.map(({ team, question }) => [
        team,
        String(question.position + 1),
        question.prompt,
        question.kind,
        question.options.join(', '),
        question.required ? 'yes' : 'no',
      ]),
    ).toEqual(table('question team | position'));
  });

  it('has the organizations and seasons', async () => {
    const orgs = await t.db.select().from(organizations).orderBy(asc(organizations.id));
    expect(
      table('organization').map((row) => [
        row[0],
        row[1],
        row[2] === 'none (null)' ? null : 'waiver',
        row[3]?.startsWith('yes'),
      ]),
    ).toEqual(
      orgs.map((org) => [org.name, org.apiSubdomain, org.waiver === null ? null : 'waiver', org.acceptsSubscriptions]),
    );
    const seasonRows = await t.db
      .select({
        name: seasons.name,
        org: organizations.name,
        start: seasons.startDate,
        first: seasons.firstInstallmentOn,
      })
      .from(seasons)
      .innerJoin(organizations, eq(organizations.id, seasons.organizationId))
      .orderBy(asc(seasons.id));
    expect(table('season').map((row) => [row[0], row[1], row[2]!.slice(0, 10), row[3]!.slice(0, 10)])).toEqual(
      seasonRows.map((s) => [s.name, s.org.split(' ')[0], s.start, s.first]),
    );
    const [client] = await t.db.select().from(clients);
    expect(client).toMatchObject({ id: 1, name: 'Diamond Academy', appName: 'Diamond Academy' });
  });

  it('has the teams with their money in cents', async () => {
    const rows = await t.db
      .select({ team: teams, season: seasons.name, org: organizations.name, plan: protectionPlans })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
      .orderBy(asc(teams.id));
    expect(table('team')).toEqual(
      rows.map(({ team, season, org, plan }) => [
        team.name,
        `${org.split(' ')[0]} ${season}`,
        dollars(team.totalDuesCents),
        dollars(team.athleteDepositCents),
        dollars(team.paymentPlanFeeCents),
        dollars(team.appFeeCents),
        team.isAppFeeItemized ? 'yes' : 'no',
        plan ? `${plan.description}, ${dollars(plan.amountCents)}` : 'none',
        team.planMonths.join(', '),
      ]),
    );
  });

  it('has the licences', async () => {
    const rows = await t.db
      .select({ licence: licences, team: teams.name })
      .from(licences)
      .leftJoin(teams, eq(teams.id, licences.teamId))
      .orderBy(asc(licences.id));
    expect(
      table('code | kind').map((row) => [row[0], row[1], row[2], Number(row[3]), row[4]!.startsWith('paused')]),
    ).toEqual(
      rows.map(({ licence, team }) => [
        licence.code,
        licence.kind,
        team ?? 'Northside',
        licence.availableLicenses,
        licence.paused,
      ]),
    );
    const coach = rows.find((row) => row.licence.code === 'COACH-2027');
    expect(coach?.licence.expiresOn).toBe('2027-12-31');
  });

  it('has the discount codes, plans and coupons', async () => {
    const codes = await t.db.select().from(discountCodes).orderBy(asc(discountCodes.id));
    expect(
      table('code | discount').map((row) => [
        row[0],
        /(\d+) %/.exec(row[1]!)?.[1] ?? null,
        /([\d.]+) off/.exec(row[1]!)?.[1] ?? null,
        row[2]!.startsWith('yes'),
      ]),
    ).toEqual(
      codes.map((c) => [
        c.code,
        c.percentOff === null ? null : String(c.percentOff),
        c.flatDiscountCents === null ? null : dollars(c.flatDiscountCents),
        c.isActive,
      ]),
    );
    const [plan] = await t.db.select().from(planDetails);
    expect(table('plan').map((row) => row[1])).toEqual([
      dollars(plan!.monthlyPriceCents!),
      dollars(plan!.annualPriceCents!),
      `${dollars(plan!.annualPmPriceCents!)} a month`,
      dollars(plan!.quarterlyPriceCents!),
    ]);
    expect([plan!.trialDaysMonthly, plan!.trialDaysAnnual, plan!.trialDaysAnnualPm, plan!.trialDaysQuarterly]).toEqual([
      7,
      14,
      null,
      null,
    ]);
    const couponRows = await t.db.select().from(coupons).orderBy(asc(coupons.id));
    expect(table('coupon').map((row) => row[0])).toEqual(couponRows.map((c) => c.code));
  });

  it('has every account with the password Password1!', async () => {
    const logins = table('login').map((row) => [row[0]!.replace(' (username)', ''), row[1]]);
    expect(logins).toHaveLength(15);
    for (const [login, name] of logins) {
      const [user] = await t.db
        .select()
        .from(users)
        .where(login!.includes('@') ? eq(users.email, login!) : eq(users.username, login!));
      expect(user?.name, login).toBe(name);
      expect(await verifyPassword(user!.passwordHash, 'Password1!')).toBe(true);
    }
  });

  it('has the Rivera household: Pat and Jamie share Sam and Alex; Northside sets 10 % and 15 %', async () => {
    const byEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
    const pat = await byEmail('parent@example.com');
    const jamie = await byEmail('coparent@example.com');
    expect(jamie.name).toBe('Jamie Rivera');
    expect(await householdGuardianIds(t.db, jamie)).toEqual([jamie.id, pat.id]);
    const athletes = await householdAthleteIds(t.db, jamie);
    const names = await t.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, athletes));
    expect(names.map((row) => row.name).sort()).toEqual(['Alex Rivera', 'Sam Rivera']);
    expect(await householdAthleteIds(t.db, pat)).toEqual(athletes);
    const member = await byEmail('member@example.com');
    expect(await householdGuardianIds(t.db, member)).toEqual([member.id]);
    const orgs = await t.db.select().from(organizations).orderBy(asc(organizations.id));
    expect(orgs.map((o) => [o.name, o.secondAthletePercent, o.furtherAthletePercent])).toEqual([
      ['Northside Youth Baseball', 10, 15],
      ['Lakeside Little League', null, null],
    ]);
  });

  it('has the staff of the club console with their roles, and the password Password1!', async () => {
    const rows = await t.db
      .select({
        email: staffAccounts.email,
        name: staffAccounts.name,
        hash: staffAccounts.passwordHash,
        role: staffRoles.role,
        organization: organizations.name,
        team: teams.name,
      })
      .from(staffRoles)
      .innerJoin(staffAccounts, eq(staffAccounts.id, staffRoles.staffId))
      .innerJoin(organizations, eq(organizations.id, staffRoles.organizationId))
      .leftJoin(teams, eq(teams.id, staffRoles.teamId))
      .orderBy(asc(staffAccounts.id));
    const scope = (row: (typeof rows)[number]) => (row.team ? `${row.team} only (read-only roster)` : row.organization);
    expect(rows.map((row) => [row.email, row.name, row.role, scope(row)])).toEqual(table('staff e-mail'));
    for (const row of rows) expect(await verifyPassword(row.hash, 'Password1!'), row.email).toBe(true);
  });

  it('has the two drafts', async () => {
    const rows = await t.db.select().from(drafts).orderBy(asc(drafts.id));
    expect(rows.map((d) => [d.id, d.name, d.seasonId !== null])).toEqual([
      [1, '12U Tigers', true],
      [2, '16U Thunder', false],
    ]);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(t.db, new Date())).toBe(false);
    expect(await t.db.select({ id: clients.id }).from(clients)).toHaveLength(1);
  });
});
