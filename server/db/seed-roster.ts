import { eq } from 'drizzle-orm';
import { addDays, toIsoDate } from '../../src/domain/dates.ts';
import { insertMemberships } from '../services/checkout/index.ts';
import { hashPassword } from '../services/passwords.ts';
import type { Db, Tx } from './client.ts';
import {
  athleteGuardians,
  membershipCards,
  membershipPhases,
  membershipRefunds,
  type PhaseStatus,
  paymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  staffAuditLog,
  teams,
  users,
} from './schema/index.ts';
import { FIXTURE_PASSWORD } from './seed.ts';

/**
 * Roster fixtures of the club's console (issue 22 points 3-4, docs/fixtures.md "Staff"): families on Northside's
 * 14U Storm whose memberships show every roster status, with real sandbox charges (so a registrar can refund them)
 * and saved sandbox cards (so a retry charges). `insertRosterMemberships` also builds the bulk rosters of the tests
 * and the bench (thousands of rows, inserted in batches).
 */

export interface RosterPhaseFixture {
  amountCents: number;
  status: PhaseStatus;
  /** Days from now (negative: past). */
  dueInDays: number;
  /** Paid by a sandbox card charge (refundable), else paid without a charge. */
  charged?: boolean;
}

export interface RosterFixture {
  athlete: string;
  username: string;
  guardian: string;
  email: string;
  planMonth: number;
  phases: RosterPhaseFixture[];
  /** The saved card's behaviour on later charges; null: none saved. */
  card: 'succeed' | 'decline' | null;
  /** Refunded in full and cancelled (a seeded refund and its audit row). */
  refunded?: string;
}

export interface RosterTarget {
  organizationId: number;
  teamId: number;
  seasonId: number;
}

const BATCH = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Inserts the fixtures' accounts, memberships, phases, sandbox charges and cards, 500 at a time. */
export async function insertRosterMemberships(
  tx: Tx,
  target: RosterTarget,
  fixtures: RosterFixture[],
  passwordHash: string,
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of chunks(fixtures, BATCH)) {
    const guardians = await tx
      .insert(users)
      .values(batch.map((f) => ({ kind: 'guardian' as const, name: f.guardian, email: f.email, passwordHash })))
      .returning({ id: users.id });
    const athletes = await tx
      .insert(users)
      .values(batch.map((f) => ({ kind: 'athlete' as const, name: f.athlete, username: f.username, passwordHash })))
      .returning({ id: users.id });
    await tx.insert(athleteGuardians).values(
      batch.map((_, index) => ({
        guardianId: guardians[index]!.id,
        athleteId: athletes[index]!.id,
        relationship: 'Mother',
      })),
    );
    // Recorded by the checkout's one insert of memberships (services/checkout), in one statement per batch; the
    // phases, charges and cards, which carry what a checkout never records (failed, overdue, refunded), follow.
    const rows = await insertMemberships(
      tx,
      batch.map((f, index) => ({
        athleteId: athletes[index]!.id,
        teamId: target.teamId,
        seasonId: target.seasonId,
        licenceId: null,
        paymentPlanMonth: f.planMonth,
        todayCents: f.phases[0]?.amountCents ?? 0,
        planTotalCents: f.phases.reduce((sum, p) => sum + p.amountCents, 0),
        discountCode: null,
        includesProtection: false,
        siblingDiscountCents: 0,
        laterPhases: [],
        seeded: {
          createdAt: addDays(now, f.phases[0]?.dueInDays ?? 0),
          status: f.refunded ? 'canceled' : 'active',
        },
      })),
      { providerId: null, householdCheckoutId: null, payerId: null, chargeId: null, card: null, at: now },
      { phases: 'caller' },
    );
    const intents: (typeof paymentIntents.$inferInsert)[] = [];
    const phases: (typeof membershipPhases.$inferInsert)[] = [];
    const methods: (typeof sandboxPaymentMethods.$inferInsert)[] = [];
    const cards: (typeof membershipCards.$inferInsert)[] = [];
    batch.forEach((f, index) => {
      const membershipId = rows[index]!.id;
      ids.push(membershipId);
      const customerId = `cus_seed${membershipId}x${f.username.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 60);
      const paymentMethodId = `pm_seed${membershipId}x${f.username.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 60);
      f.phases.forEach((phase, seq) => {
        const dueOn = toIsoDate(addDays(now, phase.dueInDays));
        const paid = phase.status === 'paid';
        let chargeId: string | null = null;
        if (paid && phase.charged) {
          chargeId = `pi_seed${membershipId}x${seq}`;
          intents.push({
            id: chargeId,
            clientSecret: `${chargeId}_secret_seed`,
            status: 'succeeded',
            amountCents: phase.amountCents,
            currency: 'usd',
            metadata: { membership_id: String(membershipId), seeded: 'roster' },
            idempotencyKey: `seed-roster-${membershipId}-${seq}`,
            customerId,
            paymentMethodId: f.card ? paymentMethodId : null,
            refundedAt: f.refunded ? now : null,
          });
        }
        const failed = phase.status === 'failed' || phase.status === 'overdue';
        phases.push({
          membershipId,
          seq,
          dueOn,
          amountCents: phase.amountCents,
          status: phase.status,
          attempts: paid ? 1 : failed ? (phase.status === 'overdue' ? 4 : 1) : 0,
          nextAttemptOn:
            phase.status === 'scheduled' ? dueOn : phase.status === 'failed' ? toIsoDate(addDays(now, 1)) : null,
          firstFailedOn: failed ? dueOn : null,
          failureCode: failed ? 'card_declined' : null,
          failureMessage: failed ? 'Your card was declined.' : null,
          providerChargeId: chargeId,
          paidAt: paid ? addDays(now, phase.dueInDays) : null,
        });
      });
      if (f.card) {
        methods.push({
          id: paymentMethodId,
          customerId,
          brand: 'visa',
          last4: f.card === 'succeed' ? '4242' : '0341',
          expMonth: 12,
          expYear: 2034,
          behavior: f.card,
        });
        cards.push({
          membershipId,
          providerCustomerId: customerId,
          paymentMethodId,
          brand: 'visa',
          last4: f.card === 'succeed' ? '4242' : '0341',
        });
      }
    });
    for (const part of chunks(intents, BATCH)) await tx.insert(paymentIntents).values(part);
    const phaseIds = new Map<string, number>();
    for (const part of chunks(phases, BATCH)) {
      const inserted = await tx
        .insert(membershipPhases)
        .values(part)
        .returning({ id: membershipPhases.id, membershipId: membershipPhases.membershipId, seq: membershipPhases.seq });
      for (const phase of inserted) phaseIds.set(`${phase.membershipId}:${phase.seq}`, phase.id);
    }
    if (methods.length > 0) await tx.insert(sandboxPaymentMethods).values(methods);
    if (cards.length > 0) await tx.insert(membershipCards).values(cards);
    // A family refunded in full: each charge refunded through the sandbox (its refund row), the console's refund
    // row, and the audit row a registrar's refund writes (services/admin-refunds.ts).
    const refunds = batch.flatMap((f, index) => {
      const membershipId = rows[index]!.id;
      return f.refunded
        ? f.phases.flatMap((phase, seq) => {
            const phaseId = phaseIds.get(`${membershipId}:${seq}`);
            if (phase.status !== 'paid' || !phase.charged || phaseId === undefined) return [];
            return [{ membershipId, phaseId, seq, amountCents: phase.amountCents, reason: f.refunded ?? '' }];
          })
        : [];
    });
    for (const refund of refunds) {
      const paymentIntentId = `pi_seed${refund.membershipId}x${refund.seq}`;
      const providerRefundId = `re_seed${refund.membershipId}x${refund.seq}`;
      await tx.insert(sandboxRefunds).values({
        id: providerRefundId,
        paymentIntentId,
        amountCents: refund.amountCents,
        idempotencyKey: `seed-refund-${refund.membershipId}-${refund.seq}`,
        createdAt: now,
      });
      await tx.insert(membershipRefunds).values({
        membershipId: refund.membershipId,
        phaseId: refund.phaseId,
        paymentIntentId,
        amountCents: refund.amountCents,
        reason: refund.reason,
        status: 'succeeded',
        providerRefundId,
        idempotencyKey: `seed-refund-${refund.membershipId}-${refund.seq}`,
        createdAt: now,
        completedAt: now,
      });
      await tx.insert(staffAuditLog).values({
        organizationId: target.organizationId,
        staffAccountId: null,
        membershipId: refund.membershipId,
        action: 'refund',
        before: { refunded_cents: 0 },
        after: { refunded_cents: refund.amountCents, payment_id: paymentIntentId, amount_cents: refund.amountCents },
        reason: refund.reason,
        createdAt: now,
      });
    }
  }
  return ids;
}

/**
 * The seeded roster of 14U Storm (docs/fixtures.md "Staff"): one family per roster status. Drew Patel's instalment is
 * overdue and his saved card now succeeds (a registrar's retry charges it); his first payment ($105.00) is a real
 * sandbox charge to refund half of.
 */
export const STORM_ROSTER: RosterFixture[] = [
  {
    athlete: 'Avery Stone',
    username: 'averystone',
    guardian: 'Dana Stone',
    email: 'dana.stone@example.com',
    planMonth: 0,
    phases: [{ amountCents: 32000, status: 'paid', dueInDays: -20, charged: true }],
    card: 'succeed',
  },
  {
    athlete: 'Blake Moreno',
    username: 'blakemoreno',
    guardian: 'Elena Moreno',
    email: 'elena.moreno@example.com',
    planMonth: 3,
    phases: [
      { amountCents: 10500, status: 'paid', dueInDays: -20, charged: true },
      { amountCents: 10500, status: 'scheduled', dueInDays: 10 },
      { amountCents: 10500, status: 'scheduled', dueInDays: 40 },
    ],
    card: 'succeed',
  },
  {
    athlete: 'Casey Nguyen',
    username: 'caseynguyen',
    guardian: 'Hai Nguyen',
    email: 'hai.nguyen@example.com',
    planMonth: 3,
    phases: [
      { amountCents: 10500, status: 'paid', dueInDays: -32, charged: true },
      { amountCents: 10500, status: 'failed', dueInDays: -2 },
      { amountCents: 10500, status: 'scheduled', dueInDays: 28 },
    ],
    card: 'decline',
  },
  {
    athlete: 'Drew Patel',
    username: 'drewpatel',
    guardian: 'Priya Patel',
    email: 'priya.patel@example.com',
    planMonth: 3,
    phases: [
      { amountCents: 10500, status: 'paid', dueInDays: -45, charged: true },
      { amountCents: 10500, status: 'overdue', dueInDays: -15 },
      { amountCents: 10500, status: 'scheduled', dueInDays: 15 },
    ],
    card: 'succeed',
  },
  {
    athlete: 'Emery Walsh',
    username: 'emerywalsh',
    guardian: 'Sean Walsh',
    email: 'sean.walsh@example.com',
    planMonth: 0,
    phases: [{ amountCents: 32000, status: 'paid', dueInDays: -25, charged: true }],
    card: 'succeed',
    refunded: 'The family moved away before the season.',
  },
];

/**
 * Adds the console's roster fixtures (STORM_ROSTER on Northside's 14U Storm) to a seeded database, once: a second
 * call finds Avery Stone and adds nothing. Not part of the default seed, whose memberships and charges other tests
 * count; the console's tests call it, and `npx tsx server/db/seed-roster-cli.ts` adds them to a development database.
 */
export async function seedConsoleRoster(db: Db, now: Date): Promise<boolean> {
  const [known] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'averystone'));
  if (known) return false;
  const [storm] = await db
    .select({ teamId: teams.id, organizationId: teams.organizationId, seasonId: teams.seasonId })
    .from(teams)
    .where(eq(teams.name, '14U Storm'));
  if (!storm) throw new Error('seed the fixtures first: no 14U Storm');
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  await db.transaction((tx) => insertRosterMemberships(tx, storm, STORM_ROSTER, passwordHash, now));
  return true;
}
