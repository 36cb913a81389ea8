import { count } from 'drizzle-orm';
import { addDays } from '../../src/domain/dates.ts';
import type { Locale } from '../i18n/index.ts';
import { insertMemberships } from '../services/checkout/index.ts';
import { hashPassword } from '../services/passwords.ts';
import type { Database, Db, Tx } from './client.ts';
import {
  athleteGuardians,
  clients,
  coupons,
  discountCodes,
  drafts,
  experienceLevels,
  householdGuardians,
  households,
  licenceClaims,
  licences,
  organizations,
  paymentIntents,
  planDetails,
  playerProfiles,
  positions,
  protectionPlans,
  sandboxPaymentMethods,
  seasonPhases,
  seasons,
  sports,
  staffAccounts,
  staffRoles,
  subscriptions,
  teams,
  users,
  weightGoals,
} from './schema/index.ts';
import { seedEligibility } from './seed-eligibility.ts';
import { seedHelpPaying } from './seed-help-paying.ts';

/**
 * The demo data of /work/shared/fixtures.md, listed in docs/fixtures.md. Every fresh start and every API test begins
 * from it, so its names, codes and amounts are a contract: change docs/fixtures.md with them.
 */

export const FIXTURE_PASSWORD = 'Password1!';

export const NORTHSIDE_WAIVER = [
  'Northside Youth Baseball Participant Waiver and Release',
  'I, the parent or legal guardian of the athlete named in this registration, understand that baseball involves risk of injury, including serious injury, and I voluntarily allow the athlete to take part in practices, games, tournaments and team events organized by Northside Youth Baseball.',
  'I release Northside Youth Baseball, its coaches, volunteers, sponsors and field owners from any claim arising from the athlete\u2019s participation, except in cases of gross negligence. I authorize the coaching staff to seek emergency medical treatment for the athlete when I cannot be reached.',
  'I agree that the athlete will follow the league\u2019s code of conduct, and that photographs taken at public league events may be used in league communications. Dues already paid for the deposit and the app fee are not refundable.',
].join('\n\n');

const CLIENT_CSS = `/* Diamond Academy client stylesheet */
:root {
  --brand-primary: #0b3d91;
  --brand-accent: #f2a900;
}
`;

const NORTHSIDE_CSS = `/* Northside Youth Baseball */
:root {
  --brand-primary: #1d6b35;
  --brand-accent: #f5c400;
}
`;

const LAKESIDE_CSS = `/* Lakeside Little League */
:root {
  --brand-primary: #0a6fa8;
  --brand-accent: #ffffff;
}
`;

/** True when the database has no data yet (no client and no user). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [clientCount] = await db.select({ n: count() }).from(clients);
  const [userCount] = await db.select({ n: count() }).from(users);
  return (clientCount?.n ?? 0) === 0 && (userCount?.n ?? 0) === 0;
}

/** Seeds the fixtures when the database is empty; returns whether it did. Relative dates count from `now`. */
export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, now);
  return true;
}

/**
 * The start-up's database work: applies the migrations, then seeds the fixtures if the database is empty; returns
 * whether it seeded. Under the start-up lock (Database.whileStartupLocked), so of several processes started at once
 * on one empty PostgreSQL database one migrates and seeds, and the others wait and then find both done.
 */
export function migrateAndSeedIfEmpty(
  database: Pick<Database, 'db' | 'migrate' | 'whileStartupLocked'>,
  now: Date,
): Promise<boolean> {
  return database.whileStartupLocked(async () => {
    await database.migrate();
    return seedIfEmpty(database.db, now);
  });
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('seed insert returned nothing');
  return row;
}

/**
 * The club's console staff (issue 22, docs/fixtures.md "Staff"): one owner and one registrar of Northside, a coach of
 * 12U Tigers only, an owner of Lakeside, and a second registrar of Northside whose language is Spanish (issue 31,
 * "Languages (Spanish)"); all with the family password (one shared hash: the same password anyway).
 */
async function seedStaff(
  tx: Tx,
  passwordHash: string,
  ids: { northside: number; lakeside: number; tigers: number },
): Promise<void> {
  const accounts: { email: string; name: string; language?: Locale }[] = [
    { email: 'owner@northside.example', name: 'Olivia Grant' },
    { email: 'registrar@northside.example', name: 'Ray Ortiz' },
    { email: 'coach.tigers@northside.example', name: 'Chris Tanaka' },
    { email: 'owner@lakeside.example', name: 'Lena Brooks' },
    { email: 'registradora@northside.example', name: 'Ana Torres', language: 'es' },
  ];
  const staff = await tx
    .insert(staffAccounts)
    .values(accounts.map((account) => ({ ...account, passwordHash })))
    .returning({ id: staffAccounts.id });
  const [owner, registrar, coach, lakesideOwner, registradora] = staff.map((row) => row.id);
  if (!owner || !registrar || !coach || !lakesideOwner || !registradora) {
    throw new Error('seed: staff insert returned too few rows');
  }
  await tx.insert(staffRoles).values([
    { staffId: owner, organizationId: ids.northside, role: 'owner' },
    { staffId: registrar, organizationId: ids.northside, role: 'registrar' },
    { staffId: coach, organizationId: ids.northside, role: 'coach', teamId: ids.tigers },
    { staffId: lakesideOwner, organizationId: ids.lakeside, role: 'owner' },
    { staffId: registradora, organizationId: ids.northside, role: 'registrar' },
  ]);
}

export async function seed(db: Db, now: Date): Promise<void> {
  // Hash outside the transaction: argon2 is slow on purpose and need not hold it open.
  const hashes = await Promise.all(Array.from({ length: 16 }, () => hashPassword(FIXTURE_PASSWORD)));
  const nextHash = () => {
    const hash = hashes.pop();
    if (!hash) throw new Error('not enough password hashes for the fixtures');
    return hash;
  };
  await db.transaction(async (tx) => {
    await seedAll(tx, now, nextHash);
  });
}

async function seedAll(tx: Tx, now: Date, nextHash: () => string): Promise<void> {
  // Branding
  const client = await one(
    tx
      .insert(clients)
      .values({
        name: 'Diamond Academy',
        appName: 'Diamond Academy',
        imageSet: 'diamond-academy',
        websiteCss: CLIENT_CSS,
      })
      .returning(),
  );
  const northside = await one(
    tx
      .insert(organizations)
      .values({
        clientId: client.id,
        name: 'Northside Youth Baseball',
        apiSubdomain: 'northside',
        waiver: NORTHSIDE_WAIVER,
        websiteCss: NORTHSIDE_CSS,
        acceptsSubscriptions: true,
        appName: 'Northside Youth Baseball',
        imageSet: 'northside',
        // Households (fixtures): 10 % off the 2nd athlete's dues in a season, 15 % off the 3rd and every further one.
        secondAthletePercent: 10,
        furtherAthletePercent: 15,
      })
      .returning(),
  );
  const lakeside = await one(
    tx
      .insert(organizations)
      .values({
        clientId: client.id,
        name: 'Lakeside Little League',
        apiSubdomain: 'lakeside',
        waiver: null,
        websiteCss: LAKESIDE_CSS,
      })
      .returning(),
  );

  // Seasons: instalments on the 1st (Spring 2027) and the 15th (Fall 2026, already under way) of each month.
  const spring2027 = await one(
    tx
      .insert(seasons)
      .values({
        organizationId: northside.id,
        name: 'Spring 2027',
        startDate: '2027-03-01',
        firstInstallmentOn: '2027-01-01',
      })
      .returning(),
  );
  const fall2026 = await one(
    tx
      .insert(seasons)
      .values({
        organizationId: northside.id,
        name: 'Fall 2026',
        startDate: '2026-09-01',
        firstInstallmentOn: '2026-09-15',
      })
      .returning(),
  );
  const lakesideSpring2027 = await one(
    tx
      .insert(seasons)
      .values({
        organizationId: lakeside.id,
        name: 'Spring 2027',
        startDate: '2027-03-01',
        firstInstallmentOn: '2027-01-01',
      })
      .returning(),
  );
  const injuryProtection = await one(
    tx
      .insert(protectionPlans)
      .values({ organizationId: northside.id, description: 'Injury Protection', amountCents: 2900 })
      .returning(),
  );

  const tigers = await one(
    tx
      .insert(teams)
      .values({
        organizationId: northside.id,
        seasonId: spring2027.id,
        name: '12U Tigers',
        totalDuesCents: 45000,
        athleteDepositCents: 5000,
        paymentPlanFeeCents: 500,
        appFeeCents: 2500,
        isAppFeeItemized: true,
        planMonths: [3, 6],
        protectionPlanId: injuryProtection.id,
      })
      .returning(),
  );
  const storm = await one(
    tx
      .insert(teams)
      .values({
        organizationId: northside.id,
        seasonId: fall2026.id,
        name: '14U Storm',
        totalDuesCents: 30000,
        athleteDepositCents: 7500,
        paymentPlanFeeCents: 0,
        appFeeCents: 2000,
        isAppFeeItemized: false,
        planMonths: [3, 6],
      })
      .returning(),
  );
  const waves = await one(
    tx
      .insert(teams)
      .values({
        organizationId: lakeside.id,
        seasonId: lakesideSpring2027.id,
        name: '10U Waves',
        totalDuesCents: 20000,
        athleteDepositCents: 0,
        paymentPlanFeeCents: 0,
        appFeeCents: 0,
        isAppFeeItemized: true,
        planMonths: [3, 6],
      })
      .returning(),
  );

  // Licences. Counts are what is left after the seeded claims below.
  const licence = (values: typeof licences.$inferInsert) => one(tx.insert(licences).values(values).returning());
  const tigersLicence = await licence({
    code: 'TIGERS-2027',
    kind: 'team',
    name: '12U Tigers Spring 2027',
    organizationId: northside.id,
    teamId: tigers.id,
    availableLicenses: 48,
  });
  await licence({
    code: 'STORM-2026',
    kind: 'team',
    name: '14U Storm Fall 2026',
    organizationId: northside.id,
    teamId: storm.id,
    availableLicenses: 50,
  });
  await licence({
    code: 'WAVES-2027',
    kind: 'team',
    name: '10U Waves Spring 2027',
    organizationId: lakeside.id,
    teamId: waves.id,
    availableLicenses: 50,
  });
  await licence({
    code: 'PAUSED-2027',
    kind: 'team',
    name: '12U Tigers Spring 2027 (paused)',
    organizationId: northside.id,
    teamId: tigers.id,
    availableLicenses: 50,
    paused: true,
  });
  await licence({
    code: 'FULL-2027',
    kind: 'team',
    name: '12U Tigers Spring 2027 (full)',
    organizationId: northside.id,
    teamId: tigers.id,
    availableLicenses: 0,
  });
  const coachLicence = await licence({
    code: 'COACH-2027',
    kind: 'coach',
    name: 'Northside Coach License 2027',
    organizationId: northside.id,
    availableLicenses: 3,
    expiresOn: '2027-12-31',
  });
  await licence({
    code: 'COACH-GONE',
    kind: 'coach',
    name: 'Northside Coach License (sold out)',
    organizationId: northside.id,
    availableLicenses: 0,
    expiresOn: '2027-12-31',
  });

  // Team-dues discount codes
  await tx.insert(discountCodes).values([
    { code: 'FULLRIDE', percentOff: 100 },
    { code: 'SAVE10', percentOff: 10 },
    { code: 'FLAT500', flatDiscountCents: 50000 },
    { code: 'OLDCODE', percentOff: 20, isActive: false },
  ]);

  // Personal subscriptions
  await tx.insert(planDetails).values({
    monthlyPriceCents: 1499,
    annualPriceCents: 11999,
    annualPmPriceCents: 1199,
    quarterlyPriceCents: 3999,
    trialDaysMonthly: 7,
    trialDaysAnnual: 14,
    trialDaysAnnualPm: null,
    trialDaysQuarterly: null,
  });
  await tx.insert(coupons).values([
    { code: 'SAVE5', discountType: 'dollars', discountInCents: 500, duration: 'temporal', appliesForMonths: 3 },
    { code: 'HALFOFF', discountType: 'percent', discountPercent: 50, duration: 'forever' },
  ]);

  // Player profile options
  const [baseball, softball] = await tx
    .insert(sports)
    .values([{ name: 'Baseball' }, { name: 'Softball' }])
    .returning();
  if (!baseball || !softball) throw new Error('sports not seeded');
  const seededPositions = await tx
    .insert(positions)
    .values([
      ...['Pitcher', 'Catcher', 'First Base', 'Second Base', 'Third Base', 'Shortstop', 'Outfield'].map((name) => ({
        sportId: baseball.id,
        name,
      })),
      ...['Pitcher', 'Catcher', 'Infield', 'Outfield'].map((name) => ({ sportId: softball.id, name })),
    ])
    .returning();
  const levels = await tx
    .insert(experienceLevels)
    .values(['None', 'Beginner', 'Intermediate', 'Advanced'].map((name) => ({ name })))
    .returning();
  const phases = await tx
    .insert(seasonPhases)
    .values(['In Season', 'Off Season', 'Pre Season', 'Post Season'].map((name) => ({ name })))
    .returning();
  const goals = await tx
    .insert(weightGoals)
    .values(['Lose Weight', 'Maintain Weight', 'Gain Weight'].map((name) => ({ name })))
    .returning();

  // Accounts (password Password1! for all)
  const account = (values: Omit<typeof users.$inferInsert, 'passwordHash'>) =>
    one(
      tx
        .insert(users)
        .values({ ...values, passwordHash: nextHash() })
        .returning(),
    );
  const linkAthlete = (guardianId: number, athleteId: number, relationship: string) =>
    tx.insert(athleteGuardians).values({ guardianId, athleteId, relationship });

  const parent = await account({
    kind: 'guardian',
    name: 'Pat Rivera',
    email: 'parent@example.com',
    phone: '555-010-0001',
  });
  const sam = await account({ kind: 'athlete', name: 'Sam Rivera', username: 'samrivera' });
  const alex = await account({ kind: 'athlete', name: 'Alex Rivera', username: 'alexrivera' });
  await linkAthlete(parent.id, sam.id, 'Mother');
  await linkAthlete(parent.id, alex.id, 'Father');
  // Households (fixtures): Jamie Rivera, a second guardian already accepted, shares Pat's athletes and payments.
  const coparent = await account({
    kind: 'guardian',
    name: 'Jamie Rivera',
    email: 'coparent@example.com',
    phone: '555-010-0010',
  });
  const riveras = await one(tx.insert(households).values({}).returning());
  await tx.insert(householdGuardians).values([
    { householdId: riveras.id, userId: parent.id, relationship: null },
    { householdId: riveras.id, userId: coparent.id, relationship: 'Father' },
  ]);

  const member = await account({
    kind: 'guardian',
    name: 'Morgan Lee',
    email: 'member@example.com',
    phone: '555-010-0002',
    latestLicenseId: tigersLicence.id,
  });
  const jordan = await account({
    kind: 'athlete',
    name: 'Jordan Lee',
    username: 'jordanlee',
    latestLicenseId: tigersLicence.id,
  });
  await linkAthlete(member.id, jordan.id, 'Mother');

  const coach = await account({
    kind: 'coach',
    name: 'Casey Morgan',
    email: 'coach@example.com',
    phone: '555-010-0003',
    isCoach: true,
    latestLicenseId: coachLicence.id,
  });
  const expired = await account({
    kind: 'coach',
    name: 'Evan Price',
    email: 'expired@example.com',
    phone: '555-010-0004',
    isCoach: true,
  });
  const trial = await account({
    kind: 'guardian',
    name: 'Taylor Brooks',
    email: 'trial@example.com',
    phone: '555-010-0005',
  });
  const subscriber = await account({
    kind: 'guardian',
    name: 'Sydney Chen',
    email: 'subscriber@example.com',
    phone: '555-010-0006',
  });
  const player = await account({
    kind: 'athlete',
    name: 'Riley Park',
    email: 'player@example.com',
    username: 'rileypark',
  });
  const paid = await account({
    kind: 'guardian',
    name: 'Parker Diaz',
    email: 'paid@example.com',
    phone: '555-010-0007',
    latestLicenseId: tigersLicence.id,
  });
  // Seeded last so the ids of the accounts above stay as they were.
  const trialEnded = await account({
    kind: 'guardian',
    name: 'Quinn Harper',
    email: 'trialended@example.com',
    phone: '555-010-0008',
  });
  // Languages (docs/fixtures.md "Languages (Spanish)", issue 31): a family whose language is Spanish, with an athlete
  // and nothing claimed or paid yet; seeded after the accounts above so their ids stay as they were.
  const familia = await account({
    kind: 'guardian',
    name: 'Lucía Romero',
    email: 'familia@example.com',
    phone: '555-010-0011',
    language: 'es',
  });
  const mateo = await account({ kind: 'athlete', name: 'Mateo Romero', username: 'mateoromero' });
  await linkAthlete(familia.id, mateo.id, 'Mother');

  await tx.insert(licenceClaims).values([
    { licenceId: tigersLicence.id, userId: jordan.id },
    { licenceId: tigersLicence.id, userId: paid.id },
    { licenceId: coachLicence.id, userId: coach.id },
  ]);

  // Both paid 12U Tigers in full (dues 450.00 + itemized app fee 25.00) through the card sandbox like any family
  // (issue 30 point 5): each phase's charge is a succeeded sandbox intent paid with a Visa 4242 (the rows the sandbox
  // writes at checkout, as server/db/seed-roster.ts writes them), so staff can refund it in the console.
  const paidInFull = {
    teamId: tigers.id,
    seasonId: spring2027.id,
    licenceId: tigersLicence.id,
    paymentPlanMonth: 0,
    paidTodayCents: 47500,
    planTotalCents: 47500,
  };
  const sandboxCharge = async (userId: number, key: string) => {
    const id = `pi_seed${key}`;
    const paymentMethodId = `pm_seed${key}`;
    await tx.insert(sandboxPaymentMethods).values({
      id: paymentMethodId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: now.getUTCFullYear() + 3,
      behavior: 'succeed',
    });
    await tx.insert(paymentIntents).values({
      id,
      clientSecret: `${id}_secret_seed`,
      status: 'succeeded',
      amountCents: paidInFull.paidTodayCents,
      currency: 'usd',
      metadata: {
        user_id: String(userId),
        team_id: String(paidInFull.teamId),
        season_id: String(paidInFull.seasonId),
        licence_id: String(paidInFull.licenceId),
        payment_plan_month: String(paidInFull.paymentPlanMonth),
        plan_total_cents: String(paidInFull.planTotalCents),
        discount_code: '',
        protection: '0',
      },
      idempotencyKey: `seed-checkout-${key}`,
      paymentMethodId,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  };
  // Recorded as the checkout records every payment (services/checkout: the one insert of memberships), each with its
  // one paid phase (GET /api/memberships), paid by that charge when the fixtures were seeded.
  for (const [athlete, key] of [
    [jordan, 'JordanLee'],
    [paid, 'ParkerDiaz'],
  ] as const) {
    const charge = await sandboxCharge(athlete.id, key);
    await insertMemberships(
      tx,
      [
        {
          athleteId: athlete.id,
          teamId: paidInFull.teamId,
          seasonId: paidInFull.seasonId,
          licenceId: paidInFull.licenceId,
          paymentPlanMonth: paidInFull.paymentPlanMonth,
          todayCents: paidInFull.paidTodayCents,
          planTotalCents: paidInFull.planTotalCents,
          discountCode: null,
          includesProtection: false,
          siblingDiscountCents: 0,
          laterPhases: [],
        },
      ],
      { providerId: charge, householdCheckoutId: null, payerId: null, chargeId: charge, card: null, at: now },
    );
  }

  await tx.insert(subscriptions).values([
    // Coach access runs to the end of the licence's last day.
    { userId: coach.id, kind: 'license', paidThrough: new Date(Date.UTC(2028, 0, 1)) },
    { userId: expired.id, kind: 'license', paidThrough: addDays(now, -30) },
    { userId: trial.id, kind: 'trial', trialEndsAt: addDays(now, 5) },
    // 'Trial period has ended.': nothing active, so /subscribe offers the plans (spec §4 Subscribe).
    { userId: trialEnded.id, kind: 'trial', trialEndsAt: addDays(now, -3) },
    {
      userId: subscriber.id,
      kind: 'subscription',
      term: 'monthly',
      providerSubscriptionId: 'sbx-sub-fixture',
      paidThrough: addDays(now, 20),
    },
  ]);

  const byName = <T extends { name: string }>(rows: T[], name: string, sportId?: number): T => {
    const row = rows.find(
      (candidate) =>
        candidate.name === name && (sportId === undefined || (candidate as { sportId?: number }).sportId === sportId),
    );
    if (!row) throw new Error(`fixture option ${name} missing`);
    return row;
  };
  await tx.insert(playerProfiles).values({
    userId: player.id,
    birthday: '2011-05-14',
    sex: 'm',
    weightLbs: 120,
    heightInches: 62,
    positionId: byName(seededPositions, 'Shortstop', baseball.id).id,
    phaseId: byName(phases, 'Off Season').id,
    liftingExperienceId: byName(levels, 'Beginner').id,
    agilityExperienceId: byName(levels, 'Intermediate').id,
    upperPlyometricExperienceId: byName(levels, 'Beginner').id,
    lowerPlyometricExperienceId: byName(levels, 'Beginner').id,
    weightGoalId: byName(goals, 'Maintain Weight').id,
  });

  const staffPasswordHash = nextHash();
  await seedStaff(tx, staffPasswordHash, { northside: northside.id, lakeside: lakeside.id, tigers: tigers.id });

  // Staff drafts: 1 mirrors 12U Tigers with its season; 2 has no season yet.
  await tx.insert(drafts).values([
    {
      organizationId: northside.id,
      teamId: tigers.id,
      seasonId: spring2027.id,
      name: '12U Tigers',
      totalDuesCents: 45000,
      athleteDepositCents: 5000,
      paymentPlanFeeCents: 500,
      appFeeCents: 2500,
      isAppFeeItemized: true,
      planMonths: [3, 6],
      protectionPlanId: injuryProtection.id,
      waiver: NORTHSIDE_WAIVER,
    },
    {
      organizationId: northside.id,
      teamId: null,
      seasonId: null,
      name: '16U Thunder',
      totalDuesCents: 50000,
      athleteDepositCents: 10000,
      paymentPlanFeeCents: 1000,
      appFeeCents: 2500,
      isAppFeeItemized: true,
      planMonths: [3, 6],
      waiver: null,
    },
  ]);

  // Issue 32 "Eligibility": after every other fixture, so the ids seeded above keep their values.
  await seedEligibility(tx, { lakeside: lakeside.id, lakesideSpring2027: lakesideSpring2027.id }, staffPasswordHash);
  // Issue 34 "Help paying": Northside's offer and its Spring 2027 budget (issue 34's own tables only).
  await seedHelpPaying(tx, { northside: northside.id, northsideSpring2027: spring2027.id });
}
