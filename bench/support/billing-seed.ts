/**
 * The households of `npm run bench:billing` (issue 33 point 3): family checkouts (issue 20) of 12U Tigers made a
 * month before the billing day, each with several athletes on monthly plans of 3 and 6 instalments, whose next
 * instalment is due on the billing day. Written straight to the database, as the real checkout records them:
 *
 * - the amounts are the real pricing's: the team's dues context (`teamContext`), the household rule for the sibling
 *   discounts (`householdDues`, as `priceLines` applies it) and the plans (`plansFor`) as of the checkout's date; the
 *   instalments are then dated monthly from the billing day, so each membership has exactly one due that day;
 * - the rows are the ones a paid family checkout leaves: the guardian and athletes (athlete_guardians), the household
 *   and its guardian, the payer's card customer, the card the sandbox saved (a sandbox payment method: 'succeed', or
 *   Stripe's 4000 0000 0000 0341 'decline' whose later charges are all declined), the succeeded PaymentIntent of
 *   today's amounts, the `household_checkouts` row with its stored lines (paid), and the memberships with their phases
 *   (the first paid by that intent, the later ones scheduled) and saved card through `insertMemberships` in its
 *   checkout mode, the one recording of memberships the checkout itself calls.
 *
 * Not written: what a checkout needs before it (licence claims, waiver agreements and their links, the athletes'
 * passwords: nobody logs in as them) and the checkout's own receipt e-mail a month ago.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import {
  athleteGuardians,
  householdCheckouts,
  householdGuardians,
  households,
  paymentCustomers,
  paymentIntents,
  sandboxPaymentMethods,
  seasons,
  users,
} from '../../server/db/schema/index.ts';
import { teamFeesOf } from '../../server/domain/payment-plans.ts';
import { insertMemberships, plansFor, type RecordLine } from '../../server/services/checkout/index.ts';
import { householdSettingsOf, teamContext } from '../../server/services/checkout/team-dues.ts';
import { tigersTeam } from '../../server/test/admin-money-fixtures.ts';
import { addMonths, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import { chargedAppFee } from '../../src/domain/fees.ts';
import { householdDues } from '../../src/domain/household.ts';

/** Athletes per household, in turn: 5 on average, so 2,000 households have 10,000 instalments due. */
const HOUSEHOLD_SIZES = [3, 4, 5, 6, 7] as const;
/** One household in 50 (2 %) saved a card whose later charges are declined. */
const DECLINING_EVERY = 50;
/** Households written per transaction batch, and batches in flight at once. */
const PARALLEL = 4;

export interface SeededDay {
  /** The billing day (YYYY-MM-DD): every seeded membership has one instalment due on it. */
  day: string;
  households: number;
  /** The household checkouts, each one household's. */
  checkoutIds: number[];
  /** The instalments due on the day, and those of the households whose card declines. */
  phaseIds: number[];
  decliningPhaseIds: number[];
  decliningHouseholds: number;
  /** The guardian who paid each checkout (where its receipts go), by checkout id. */
  payerEmails: Map<number, string>;
  plans: { three: number; six: number };
}

interface HouseholdSeed {
  index: number;
  size: number;
  declining: boolean;
}

/** The households of one billing day, due on `day` (today, for the servers' schedule). */
export async function seedBillingDay(db: Db, householdCount: number, day: string): Promise<SeededDay> {
  const { team, licence: teamLicence } = await tigersTeam(db);
  const context = await teamContext(db, team);
  const [teamSeason] = await db.select().from(seasons).where(eq(seasons.id, team.seasonId));
  if (!teamLicence || !context.season || !teamSeason) throw new Error('12U Tigers has no licence or season');
  const licence = teamLicence;
  const season = teamSeason;
  const tag = randomBytes(3).toString('hex');
  const checkoutOn = addMonths(day, -1);
  const checkoutAt = new Date(`${checkoutOn}T15:00:00Z`);
  const seeded: SeededDay = {
    day,
    households: householdCount,
    checkoutIds: [],
    phaseIds: [],
    decliningPhaseIds: [],
    decliningHouseholds: 0,
    payerEmails: new Map(),
    plans: { three: 0, six: 0 },
  };

  async function seedHousehold({ index, size, declining }: HouseholdSeed): Promise<void> {
    await db.transaction(async (tx) => {
      const email = `billing-${tag}-${index}@example.com`;
      const [guardian] = await tx
        .insert(users)
        .values({ kind: 'guardian', name: `Billing Guardian ${index}`, email, passwordHash: 'x', language: 'en' })
        .returning({ id: users.id });
      if (!guardian) throw new Error('no guardian');
      const athletes = await tx
        .insert(users)
        .values(
          Array.from({ length: size }, (_, i) => ({
            kind: 'athlete' as const,
            name: `Billing Athlete ${index}-${i}`,
            username: `billing-${tag}-${index}-${i}`,
            passwordHash: 'x',
            latestLicenseId: licence.id,
          })),
        )
        .returning({ id: users.id, name: users.name });
      await tx
        .insert(athleteGuardians)
        .values(
          athletes.map((athlete) => ({ guardianId: guardian.id, athleteId: athlete.id, relationship: 'Mother' })),
        );
      const [household] = await tx.insert(households).values({}).returning({ id: households.id });
      if (!household) throw new Error('no household');
      await tx
        .insert(householdGuardians)
        .values({ householdId: household.id, userId: guardian.id, relationship: null });

      // The household rule as priceLines applies it: one season, nobody of the household paid in it before.
      const dues = householdDues(
        householdSettingsOf(context.organization),
        athletes.map((athlete) => ({ athleteId: athlete.id, dues: context.fees.totalDuesCents, discount: null })),
        0,
      );
      const appFeeCents = teamFeesOf(context.fees).is_app_fee_itemized
        ? chargedAppFee(teamFeesOf(context.fees), null)
        : 0;
      const lines = athletes.map((athlete, i) => {
        const siblingDiscountCents = dues.athletes.find((a) => a.athleteId === athlete.id)?.siblingDiscount ?? 0;
        const month = (index + i) % 2 === 0 ? 3 : 6;
        const plan = plansFor(context, null, false, startOfDate(checkoutOn), siblingDiscountCents).find(
          (candidate) => candidate.month === month,
        );
        if (!plan) throw new Error(`12U Tigers offers no plan of ${month}`);
        const [today, ...later] = plan.phases;
        if (!today || later.length !== month) throw new Error('a plan without its instalments');
        if (month === 3) seeded.plans.three += 1;
        else seeded.plans.six += 1;
        const line: RecordLine & { licenceId: number } = {
          athleteId: athlete.id,
          teamId: team.id,
          seasonId: season.id,
          licenceId: licence.id,
          paymentPlanMonth: month,
          todayCents: today.amountCents,
          // The plan's instalments, monthly from the billing day.
          laterPhases: later.map((phase, n) => ({ dueOn: addMonths(day, n), amountCents: phase.amountCents })),
          planTotalCents: plan.phases.reduce((sum, phase) => sum + phase.amountCents, 0),
          discountCode: null,
          includesProtection: false,
          siblingDiscountCents,
        };
        return {
          ...line,
          name: athlete.name ?? '',
          teamName: context.teamName,
          seasonName: context.season?.name ?? '',
          duesCents: context.fees.totalDuesCents,
          codeDiscountCents: 0,
          protectionCents: 0,
          appFeeCents,
        };
      });
      const todayCents = lines.reduce((sum, line) => sum + line.todayCents, 0);
      if (todayCents <= 0) throw new Error('the seed expects an amount paid at checkout');

      // The card: the payer's customer, the payment method the sandbox saved, the succeeded intent of the checkout.
      const customerId = `cus_bench${tag}${index}`;
      const paymentMethodId = `pm_bench${tag}${index}`;
      const last4 = declining ? '0341' : '4242';
      await tx.insert(paymentCustomers).values({ userId: guardian.id, providerCustomerId: customerId });
      await tx.insert(sandboxPaymentMethods).values({
        id: paymentMethodId,
        customerId,
        brand: 'visa',
        last4,
        expMonth: 12,
        expYear: 2040,
        behavior: declining ? 'decline' : 'succeed',
      });
      const publicId = `hc_${randomBytes(18).toString('base64url')}`;
      const intentId = `pi_bench${tag}${index}`;
      await tx.insert(paymentIntents).values({
        id: intentId,
        clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        status: 'succeeded',
        amountCents: todayCents,
        currency: 'usd',
        metadata: {
          household_checkout: publicId,
          payer_id: String(guardian.id),
          agreed_in: 'en',
          customer_id: customerId,
        },
        idempotencyKey: `household-checkout-${publicId}`,
        customerId,
        setupFutureUsage: 'off_session',
        paymentMethodId,
        createdAt: checkoutAt,
        updatedAt: checkoutAt,
      });
      const [checkout] = await tx
        .insert(householdCheckouts)
        .values({
          publicId,
          householdId: household.id,
          payerId: guardian.id,
          organizationId: team.organizationId,
          checkoutKey: randomUUID(),
          lines,
          paramsKey: createHash('sha256')
            .update(JSON.stringify(lines.map((line) => [line.athleteId, line.paymentPlanMonth, line.todayCents])))
            .digest('hex'),
          amountTodayCents: todayCents,
          paymentIntentId: intentId,
          status: 'paid',
          createdAt: checkoutAt,
          paidAt: checkoutAt,
        })
        .returning({ id: householdCheckouts.id });
      if (!checkout) throw new Error('no household checkout');
      const created = await insertMemberships(
        tx,
        lines,
        {
          providerId: null,
          householdCheckoutId: checkout.id,
          payerId: guardian.id,
          chargeId: intentId,
          card: { customerId, paymentMethodId, brand: 'visa', last4 },
          at: checkoutAt,
          locale: 'en',
        },
        { phases: 'checkout' },
      );
      seeded.checkoutIds.push(checkout.id);
      seeded.payerEmails.set(checkout.id, email);
      if (declining) seeded.decliningHouseholds += 1;
      const due = await tx.query.membershipPhases.findMany({
        where: (phase, { and, eq: equal, inArray }) =>
          and(
            inArray(
              phase.membershipId,
              created.map((membership) => membership.id),
            ),
            equal(phase.dueOn, day),
          ),
        columns: { id: true },
      });
      if (due.length !== size) throw new Error(`household ${index}: ${due.length} instalments due, not ${size}`);
      for (const phase of due) {
        seeded.phaseIds.push(phase.id);
        if (declining) seeded.decliningPhaseIds.push(phase.id);
      }
    });
  }

  const plan: HouseholdSeed[] = Array.from({ length: householdCount }, (_, index) => ({
    index,
    // Shifted by one every 50 households, so the declining households have every size too (2 % of the instalments).
    size: HOUSEHOLD_SIZES[(index + Math.floor(index / DECLINING_EVERY)) % HOUSEHOLD_SIZES.length] ?? 5,
    declining: index % DECLINING_EVERY === DECLINING_EVERY / 2,
  }));
  let next = 0;
  const workers = Array.from({ length: PARALLEL }, async () => {
    while (next < plan.length) {
      const household = plan[next];
      next += 1;
      if (household) await seedHousehold(household);
    }
  });
  await Promise.all(workers);
  return seeded;
}

/** Today's UTC date: the servers' schedule collects as of it. */
export function todayUtc(): string {
  return toIsoDate(new Date());
}
