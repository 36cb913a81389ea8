/**
 * The family checkout of issue 20 (POST /api/household/quote, /checkout, /checkout-success): several athletes of one
 * household, one payment. Everything is computed by the server from its own data (`priceLines`: the athletes of the
 * caller's household, each athlete's team from their latest team licence, their claim on it, the discount code and
 * the household discount of src/domain/household.ts); the site's amounts are never read.
 *
 * Checkouts of one household run one at a time under a lease (`household_checkout_leases`, as `checkouts` is for one
 * payer), so two guardians pressing Pay Now at once get one open intent: a checkout cancels the household's other
 * open intent through the provider first, and when that one turns out paid it is recorded instead. Each checkout is
 * a `household_checkouts` row holding the computed lines, so checkout-success records exactly what was charged:
 * every membership in one transaction, or (when another checkout recorded one of the athletes meanwhile) nothing,
 * and the payment is refunded whole. The routes (server/routes/household-checkout.ts) parse and answer.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { chargedAppFee, type DiscountTerms } from '../../src/domain/fees.ts';
import { type HouseholdAthleteDues, householdDues } from '../../src/domain/household.ts';
import {
  type HouseholdReceiptJson,
  householdReceiptJson,
  linesOf,
  type StoredLine,
  sendHouseholdReceipt,
} from '../billing/household-receipts.ts';
import { createPhases, payerCustomer, saveCard } from '../billing/phases.ts';
import { type Db, preparedPerDb } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  accessTokens,
  type DiscountCodeRow,
  type HouseholdCheckoutRow,
  householdCheckoutLeases,
  householdCheckouts,
  type LicenceRow,
  licences,
  memberships,
  organizations,
  protectionPlans,
  seasons,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { teamFeesOf } from '../domain/payment-plans.ts';
import {
  ApiError,
  conflict,
  fieldError,
  forbidden,
  notFound,
  unauthenticated,
  validationError,
} from '../http/errors.ts';
import type { CardSummary, PaymentIntent, SetupIntent } from '../providers/types.ts';
import { MIN_CARD_CENTS, NOT_SUCCEEDED, REPLACED } from './checkout.ts';
import { requireHouseholdGuardian } from './household-invites.ts';
import { ensureHousehold, householdAthleteIds, householdIdOf } from './households.ts';
import { isAvailable, LICENCE_TEXTS } from './licences.ts';
import { ALREADY_MEMBER } from './memberships.ts';
import { clearPaidProgressOf } from './registration-progress.ts';
import { reclaimReleasedSeats } from './seat-holds.ts';
import {
  type DuesContext,
  type DuesOrganization,
  discountTerms,
  findDiscount,
  householdSettingsOf,
  NO_CLAIM,
  plansFor,
} from './team-dues.ts';
import { hashToken } from './tokens.ts';

export const GUARDIAN_ONLY = 'Only a guardian can manage a household.';
export const ATHLETE_NOT_FOUND = 'Athlete not found.';
export const ALREADY_PAID = 'These athletes are already paid for.';
export const ONE_ORGANIZATION = 'All athletes of one checkout must register with the same organization.';
const CHECKOUT_NOT_FOUND = 'Checkout not found.';
const PLAN_NOT_OFFERED = 'The selected payment plan is not offered.';

export interface LineRequest {
  athlete_id: number;
  payment_plan_month?: number | null | undefined;
  include_payment_protection_plan?: boolean | null | undefined;
}

export interface QuoteRequest {
  athletes: LineRequest[];
  discount_code?: string | null | undefined;
}

export interface CheckoutRequest extends QuoteRequest {
  checkout_key: string;
}

export interface CheckoutSuccessRequest {
  checkout_id: string;
  stripe_payment_intent_id?: string | undefined;
  stripe_setup_intent_id?: string | undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The lines, from the server's own data

interface Phase {
  dueOn: string;
  amountCents: number;
}

/** One requested athlete, priced (or with the problem that keeps them from being paid for). */
interface PricedLine {
  athleteId: number;
  name: string;
  licenceCode: string | null;
  context: DuesContext | null;
  /** The licence whose seat the athlete holds (their claim on the team), when there is no problem. */
  seatLicenceId: number | null;
  plans: ReturnType<typeof plansFor>;
  month: number | null;
  includeProtection: boolean;
  household: HouseholdAthleteDues | null;
  appFeeCents: number;
  protectionCents: number;
  planFeeCents: number;
  todayCents: number;
  laterPhases: Phase[];
  problem: string | null;
}

interface Priced {
  lines: PricedLine[];
  discount: DiscountCodeRow | null;
  organizationId: number | null;
}

/**
 * The athletes of the caller's household: those registered by the caller or by another guardian of the caller's
 * household (server/services/households.ts says the same in three statements; the quote needs it as a subquery).
 */
const householdAthletesOf = (callerId: SQLWrapper) =>
  sql`(select ag.athlete_id from athlete_guardians ag where ag.guardian_id = ${callerId} or ag.guardian_id in (select g2.user_id from household_guardians g1 join household_guardians g2 on g2.household_id = g1.household_id where g1.user_id = ${callerId}))`;

/** What a quote reads of each requested athlete (see quoteStatement); `callerId` is the caller's id as SQL. */
const athleteFields = (callerId: SQLWrapper) => ({
  id: users.id,
  name: users.name,
  // Only the columns the pricing reads (issue 20 perf: fewer values to send, parse and map per athlete).
  licence: {
    id: licences.id,
    code: licences.code,
    kind: licences.kind,
    availableLicenses: licences.availableLicenses,
    paused: licences.paused,
    expiresOn: licences.expiresOn,
  },
  team: teams,
  organization: {
    id: organizations.id,
    name: organizations.name,
    waiver: organizations.waiver,
    stripeAccountId: organizations.stripeAccountId,
    secondAthletePercent: organizations.secondAthletePercent,
    furtherAthletePercent: organizations.furtherAthletePercent,
  },
  season: seasons,
  protectionPlan: protectionPlans,
  claims: sql<unknown>`(select coalesce(json_agg(json_build_object('licenceId', l.id, 'paused', l.paused) order by c.id), '[]'::json) from licence_claims c join licences l on l.id = c.licence_id where c.user_id = ${users.id} and l.team_id = ${teams.id})`,
  isMember: sql<boolean>`exists (select 1 from memberships m where m.user_id = ${users.id} and m.season_id = ${teams.seasonId} and m.status = 'active')`,
  paidInSeason: sql<number>`(select count(distinct m.user_id)::int from memberships m where m.season_id = ${teams.seasonId} and m.status = 'active' and m.user_id in ${householdAthletesOf(callerId)})`,
});

/**
 * The requested athletes, `athleteIds` being the ids joined by commas. The ids sit behind a subquery, so the planner
 * cannot see how many there are: the custom plan then costs what the generic one does, and PostgreSQL keeps the
 * generic plan instead of planning every execution again (measured: 0.34 ms a quote instead of 1.1 ms, of which
 * 0.8 ms planning).
 */
const requestedAthlete = sql`${users.id} = any(array(select unnest(string_to_array(${sql.placeholder('athleteIds')}, ','))::int))`;

/**
 * Everything a quote reads, in one prepared statement (issue 20: the quote under 50 ms p99 at 50 connections): the
 * requested athletes that belong to the caller's household, each with their latest licence and its team's dues
 * context, their own claims on that team, whether they hold an active membership in its season, and how many of the
 * household's athletes do (the places taken before this checkout). The checkout's pricing, for a caller known by id.
 */
const quoteStatement = preparedPerDb((db) =>
  db
    .select(athleteFields(sql.placeholder('callerId')))
    .from(users)
    .leftJoin(licences, eq(licences.id, users.latestLicenseId))
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .leftJoin(organizations, eq(organizations.id, teams.organizationId))
    .leftJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
    .where(and(requestedAthlete, sql`${users.id} in ${householdAthletesOf(sql.placeholder('callerId'))}`))
    .prepare('household_quote'),
);

/**
 * The quote's own statement: the session of the bearer token (the `token_user` lookup of ./tokens.ts: a live
 * session token, by its hash) and the same athletes as quoteStatement, in one round trip instead of two (issue 20:
 * ~0.14 ms of server and 0.14 ms of PostgreSQL CPU per quote). One row per athlete found, each carrying the caller's
 * id and kind; one row with no athlete when none is; no row when the token opens no session.
 */
const sessionQuoteStatement = preparedPerDb((db) => {
  const caller = db
    .select({
      callerId: sql<number>`${users.id}`.as('caller_id'),
      callerKind: sql<UserRow['kind']>`${users.kind}`.as('caller_kind'),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        eq(accessTokens.kind, sql.placeholder('kind')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .as('caller');
  return db
    .select({ callerId: caller.callerId, callerKind: caller.callerKind, ...athleteFields(caller.callerId) })
    .from(caller)
    .leftJoin(users, and(requestedAthlete, sql`${users.id} in ${householdAthletesOf(caller.callerId)}`))
    .leftJoin(licences, eq(licences.id, users.latestLicenseId))
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .leftJoin(organizations, eq(organizations.id, teams.organizationId))
    .leftJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
    .prepare('household_session_quote');
});

const claimsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  z.array(z.object({ licenceId: z.number().int(), paused: z.boolean() })),
);

/** What the pricing reads of an athlete's latest licence. */
type QuoteLicence = Pick<LicenceRow, 'id' | 'code' | 'kind' | 'availableLicenses' | 'paused' | 'expiresOn'>;

/** One requested athlete of the caller's household, as priceLines reads it. */
interface AthleteRow {
  id: number;
  name: string | null;
  licence: QuoteLicence | null;
  team: typeof teams.$inferSelect | null;
  organization: DuesOrganization | null;
  season: typeof seasons.$inferSelect | null;
  protectionPlan: typeof protectionPlans.$inferSelect | null;
  claims: { licenceId: number; paused: boolean }[];
  isMember: boolean;
  paidInSeason: number;
}

type AthleteFieldsRow = Omit<AthleteRow, 'id' | 'name' | 'claims' | 'isMember' | 'paidInSeason'> & {
  claims: unknown;
  isMember: unknown;
  paidInSeason: unknown;
};

function athleteRowOf(id: number, name: string | null, row: AthleteFieldsRow): AthleteRow {
  return {
    id,
    name,
    licence: row.licence,
    team: row.team,
    organization: row.organization,
    season: row.season,
    protectionPlan: row.protectionPlan,
    claims: claimsSchema.parse(row.claims),
    isMember: row.isMember === true,
    paidInSeason: Number(row.paidInSeason ?? 0),
  };
}

/** The requested athletes of a caller known by id (the checkout's pricing). */
function athleteRows(db: Db, callerId: number) {
  return async (ids: number[]): Promise<AthleteRow[]> => {
    if (ids.length === 0) return [];
    const rows = await quoteStatement(db).execute({ callerId, athleteIds: ids.join(',') });
    return rows.map((row) => athleteRowOf(row.id, row.name, row));
  };
}

/**
 * The caller a session token opens and the requested athletes of their household (sessionQuoteStatement): null when
 * the token opens no session (401).
 */
async function sessionAthleteRows(
  db: Db,
  token: string,
  ids: number[],
  now: Date,
): Promise<{ caller: Pick<UserRow, 'id' | 'kind'>; rows: AthleteRow[] } | null> {
  const found = await sessionQuoteStatement(db).execute({
    tokenHash: hashToken(token),
    kind: 'session',
    // Placeholders skip the column's encoder, so the timestamp goes as the ISO text PostgreSQL reads as timestamptz.
    now: now.toISOString(),
    athleteIds: ids.join(','),
  });
  const [first] = found;
  if (!first) return null;
  const rows: AthleteRow[] = [];
  for (const row of found) {
    if (row.id !== null) rows.push(athleteRowOf(row.id, row.name, row));
  }
  return { caller: { id: first.callerId, kind: first.callerKind }, rows };
}

function contextOf(row: AthleteRow): DuesContext | null {
  const { licence, team, organization, season } = row;
  if (licence?.kind !== 'team' || !team || !organization || !season) return null;
  return {
    teamId: team.id,
    teamName: team.name,
    organization,
    fees: {
      totalDuesCents: team.totalDuesCents,
      athleteDepositCents: team.athleteDepositCents,
      paymentPlanFeeCents: team.paymentPlanFeeCents,
      appFeeCents: team.appFeeCents,
      isAppFeeItemized: team.isAppFeeItemized,
      planMonths: team.planMonths,
    },
    waiver: organization.waiver,
    season,
    protectionPlan: row.protectionPlan,
  };
}

/**
 * The seat a line pays with: the athlete's own claim on a licence of the team (a paused one does not count), or the
 * licence page's text for why there is none.
 */
function seatOf(
  own: { licenceId: number; paused: boolean }[],
  latest: QuoteLicence,
  now: Date,
): { licenceId: number } | { problem: string } {
  const usable = own.filter((claim) => !claim.paused);
  const seat = usable.find((claim) => claim.licenceId === latest.id) ?? usable[0];
  if (seat) return { licenceId: seat.licenceId };
  if (own.length > 0 || latest.paused) return { problem: LICENCE_TEXTS.paused };
  if (!isAvailable(latest, now)) return { problem: LICENCE_TEXTS.teamUnavailable };
  return { problem: NO_CLAIM };
}

/** The discount code of a checkout: null for none, 422 on `discount_code` as requireActiveDiscount answers. */
async function requireCode(db: Db, code: string | null | undefined, organizationId: number | null) {
  if (code === null || code === undefined || code.trim() === '') return null;
  const discount = await findDiscount(db, code, organizationId);
  if (!discount) throw fieldError('discount_code', 'Code not found.');
  if (!discount.isActive) throw fieldError('discount_code', 'This discount code is no longer active.');
  return discount;
}

/**
 * Prices a checkout's lines from the server's data (the one function behind quote, checkout and what success
 * records). 422 on `athletes` for lines of two organizations and on `discount_code` for an unknown or inactive code;
 * every other reason a line cannot be paid is the line's `problem`.
 */
async function priceLines(
  deps: AppDeps,
  request: QuoteRequest,
  rowsOf: (ids: number[]) => Promise<AthleteRow[]>,
): Promise<Priced> {
  const { db } = deps;
  const now = deps.now();
  const requested = request.athletes.map((line) => line.athlete_id);
  if (new Set(requested).size !== requested.length) {
    throw fieldError('athletes', 'Each athlete may be in the checkout once.');
  }
  const rows = await rowsOf(requested);
  const contexts = new Map(rows.map((row) => [row.id, { row, context: contextOf(row) }]));

  const organizationIds = new Set<number>();
  for (const { context } of contexts.values()) if (context) organizationIds.add(context.organization.id);
  if (organizationIds.size > 1) throw fieldError('athletes', ONE_ORGANIZATION);
  const [organizationId = null] = organizationIds;
  const discount = await requireCode(db, request.discount_code, organizationId);
  const terms: DiscountTerms | null = discountTerms(discount);

  // Problems first: only the lines that can be paid take places in the household.
  const lines: PricedLine[] = request.athletes.map((line) => {
    const found = contexts.get(line.athlete_id);
    const context = found?.context ?? null;
    const base: PricedLine = {
      athleteId: line.athlete_id,
      name: found?.row.name ?? '',
      licenceCode: context ? (found?.row.licence?.code ?? null) : null,
      context,
      seatLicenceId: null,
      plans: [],
      month: null,
      includeProtection: false,
      household: null,
      appFeeCents: 0,
      protectionCents: 0,
      planFeeCents: 0,
      todayCents: 0,
      laterPhases: [],
      problem: null,
    };
    if (!found) return { ...base, problem: ATHLETE_NOT_FOUND };
    const latest = found.row.licence;
    if (!context || !latest || !context.season) return { ...base, problem: NO_CLAIM };
    if (found.row.isMember) return { ...base, problem: ALREADY_MEMBER };
    const seat = seatOf(found.row.claims, latest, now);
    if ('problem' in seat) return { ...base, problem: seat.problem };
    return { ...base, seatLicenceId: seat.licenceId };
  });

  // The household rule, per season: athletes already paid this season keep the first places.
  const bySeason = new Map<number, PricedLine[]>();
  for (const line of lines) {
    const seasonId = line.context?.season?.id;
    if (line.problem !== null || seasonId === undefined) continue;
    bySeason.set(seasonId, [...(bySeason.get(seasonId) ?? []), line]);
  }
  for (const group of bySeason.values()) {
    // Every athlete of the caller's household with an active membership in the season (none of this group has one).
    const alreadyPaid = contexts.get(group[0]?.athleteId ?? 0)?.row.paidInSeason ?? 0;
    const first = group[0]?.context;
    if (!first) continue;
    const result = householdDues(
      householdSettingsOf(first.organization),
      group.map((line) => ({
        athleteId: line.athleteId,
        dues: line.context?.fees.totalDuesCents ?? 0,
        discount: terms,
      })),
      alreadyPaid,
    );
    for (const line of group) line.household = result.athletes.find((a) => a.athleteId === line.athleteId) ?? null;
  }

  const byId = new Map(request.athletes.map((line) => [line.athlete_id, line]));
  for (const line of lines) {
    const context = line.context;
    if (line.problem !== null || !context) continue;
    const asked = byId.get(line.athleteId);
    line.includeProtection = asked?.include_payment_protection_plan === true && context.protectionPlan !== null;
    line.plans = plansFor(context, discount, line.includeProtection, now, line.household?.siblingDiscount ?? 0);
    const plan = line.plans.find((candidate) => candidate.month === asked?.payment_plan_month);
    if (!plan) continue;
    const [today, ...later] = plan.phases;
    line.month = plan.month;
    line.todayCents = today?.amountCents ?? 0;
    line.laterPhases = later.map((phase) => ({ dueOn: phase.dueOn, amountCents: phase.amountCents }));
    line.protectionCents = line.includeProtection ? (context.protectionPlan?.amountCents ?? 0) : 0;
    const fees = teamFeesOf(context.fees);
    line.appFeeCents = fees.is_app_fee_itemized ? chargedAppFee(fees, terms) : 0;
    line.planFeeCents = plan.additionalCents ?? 0;
  }
  return { lines, discount, organizationId };
}

// ---------------------------------------------------------------------------------------------------------------
// Quote

export interface QuoteLineJson {
  athlete_id: number;
  name: string;
  license_code: string | null;
  team: { id: number; name: string } | null;
  season: { id: number; name: string; start_date: string } | null;
  organization: { id: number; name: string } | null;
  injury_protection_insurance: { id: number; description: string; amount_cents: number } | null;
  payment_plans: {
    month: number;
    name: string;
    additional_cents: number | null;
    phases: { due_on: string; start_time_formatted: string; amount_cents: number; base_amount_cents: number }[];
  }[];
  payment_plan_month: number | null;
  include_payment_protection_plan: boolean;
  dues_cents: number;
  code_discount_cents: number;
  sibling_discount_cents: number;
  sibling_discount_percent: number;
  position: number;
  app_fee_cents: number;
  protection_cents: number;
  plan_fee_cents: number;
  today_cents: number;
  later_cents: number;
  total_cents: number;
  later_phases: { due_on: string; amount_cents: number }[];
  problem: string | null;
}

export interface QuoteJson {
  athletes: QuoteLineJson[];
  waivers: { organization_id: number; organization_name: string; waiver: string }[];
  discount: { code: string; percent_off: number | null; flat_discount_cents: number | null } | null;
  sibling_discount_cents: number;
  today_cents: number;
  later_cents: number;
  total_cents: number;
  ready: boolean;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function quoteLineJson(line: PricedLine): QuoteLineJson {
  const { context } = line;
  const protection = context?.protectionPlan ?? null;
  const later = sum(line.laterPhases.map((phase) => phase.amountCents));
  const chosen = line.month !== null;
  return {
    athlete_id: line.athleteId,
    name: line.name,
    license_code: line.licenceCode,
    team: context ? { id: context.teamId, name: context.teamName } : null,
    season: context?.season
      ? { id: context.season.id, name: context.season.name, start_date: context.season.startDate }
      : null,
    organization: context ? { id: context.organization.id, name: context.organization.name } : null,
    injury_protection_insurance: protection
      ? { id: protection.id, description: protection.description, amount_cents: protection.amountCents }
      : null,
    payment_plans: line.plans.map((plan) => ({
      month: plan.month,
      name: plan.name,
      additional_cents: plan.additionalCents,
      phases: plan.phases.map((phase) => ({
        due_on: phase.dueOn,
        start_time_formatted: phase.startTimeFormatted,
        amount_cents: phase.amountCents,
        base_amount_cents: phase.baseAmountCents,
      })),
    })),
    payment_plan_month: line.month,
    include_payment_protection_plan: line.includeProtection,
    dues_cents: context?.fees.totalDuesCents ?? 0,
    code_discount_cents: line.household?.codeDiscount ?? 0,
    sibling_discount_cents: line.household?.siblingDiscount ?? 0,
    sibling_discount_percent: line.household?.percent ?? 0,
    position: line.household?.position ?? 0,
    app_fee_cents: line.appFeeCents,
    protection_cents: line.protectionCents,
    plan_fee_cents: line.planFeeCents,
    today_cents: line.todayCents,
    later_cents: later,
    total_cents: chosen ? line.todayCents + later : 0,
    later_phases: line.laterPhases.map((phase) => ({ due_on: phase.dueOn, amount_cents: phase.amountCents })),
    problem: line.problem,
  };
}

function quoteJson(priced: Priced): QuoteJson {
  const athletes = priced.lines.map(quoteLineJson);
  const counted = athletes.filter((line) => line.problem === null && line.payment_plan_month !== null);
  const waivers = new Map<number, QuoteJson['waivers'][number]>();
  for (const { context } of priced.lines) {
    if (context?.waiver) {
      waivers.set(context.organization.id, {
        organization_id: context.organization.id,
        organization_name: context.organization.name,
        waiver: context.waiver,
      });
    }
  }
  const { discount } = priced;
  return {
    athletes,
    waivers: [...waivers.values()],
    discount: discount
      ? { code: discount.code, percent_off: discount.percentOff, flat_discount_cents: discount.flatDiscountCents }
      : null,
    sibling_discount_cents: sum(counted.map((line) => line.sibling_discount_cents)),
    today_cents: sum(counted.map((line) => line.today_cents)),
    later_cents: sum(counted.map((line) => line.later_cents)),
    total_cents: sum(counted.map((line) => line.total_cents)),
    ready: athletes.length > 0 && athletes.length === counted.length,
  };
}

function requireGuardian(caller: Pick<UserRow, 'kind'>): void {
  if (caller.kind !== 'guardian') throw forbidden(GUARDIAN_ONLY);
}

/** POST /api/household/quote: the lines and totals of a family checkout; writes nothing. */
export async function quote(deps: AppDeps, caller: UserRow, body: QuoteRequest): Promise<QuoteJson> {
  requireGuardian(caller);
  return quoteJson(await priceLines(deps, body, athleteRows(deps.db, caller.id)));
}

/**
 * POST /api/household/quote for a bearer token not yet checked: the session lookup and the quote's reading in one
 * statement (sessionQuoteStatement). 401 when the token opens no session, 403 for an athlete's session (the texts
 * and the order of the route's authFirst and guardianFirst), then as quote.
 */
export async function quoteForSession(deps: AppDeps, token: string, body: QuoteRequest): Promise<QuoteJson> {
  const ids = body.athletes.map((line) => line.athlete_id);
  const session = await sessionAthleteRows(deps.db, token, ids, deps.now());
  if (!session) throw unauthenticated();
  requireHouseholdGuardian(session.caller);
  const { rows } = session;
  return quoteJson(await priceLines(deps, body, async () => rows));
}

// ---------------------------------------------------------------------------------------------------------------
// The household's lease

const LEASE_MS = 60_000;
const WAIT_MS = 10_000;
export const HOUSEHOLD_CHECKOUT_BUSY = 'Another checkout for this household is in progress. Please try again.';

/**
 * Runs `work` holding the household's checkout lease, so a household's checkouts run one at a time in every
 * process (one atomic upsert takes it when no unexpired lease is held; a checkout that finds it held waits up to
 * WAIT_MS, then answers 409). `stillHeld` says whether the lease is still this checkout's (it expires after
 * LEASE_MS), before an intent made under it is handed out.
 */
export async function withHouseholdLease<T>(
  db: Db,
  householdId: number,
  now: () => Date,
  work: (stillHeld: () => Promise<boolean>) => Promise<T>,
): Promise<T> {
  const leaseId = randomUUID();
  const mine = and(eq(householdCheckoutLeases.householdId, householdId), eq(householdCheckoutLeases.leaseId, leaseId));
  const giveUpAt = Date.now() + WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const at = now();
    const lease = { leaseId, leaseExpiresAt: new Date(at.getTime() + LEASE_MS), updatedAt: at };
    const [row] = await db
      .insert(householdCheckoutLeases)
      .values({ householdId, ...lease })
      .onConflictDoUpdate({
        target: householdCheckoutLeases.householdId,
        set: lease,
        setWhere: or(isNull(householdCheckoutLeases.leaseId), lte(householdCheckoutLeases.leaseExpiresAt, at)),
      })
      .returning({ householdId: householdCheckoutLeases.householdId });
    if (row) break;
    if (Date.now() >= giveUpAt) throw conflict(HOUSEHOLD_CHECKOUT_BUSY);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  const stillHeld = async () =>
    (
      await db
        .update(householdCheckoutLeases)
        .set({ updatedAt: now() })
        .where(mine)
        .returning({ householdId: householdCheckoutLeases.householdId })
    ).length > 0;
  try {
    return await work(stillHeld);
  } finally {
    await db.update(householdCheckoutLeases).set({ leaseId: null, leaseExpiresAt: null }).where(mine);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Recording

interface Recorded {
  membershipIds: number[];
  refunded: boolean;
}

interface Payment {
  /** The PaymentIntent that paid today's amount; null for a SetupIntent or nothing to pay. */
  chargeId: string | null;
  /** The card to save on every membership (plans with later phases). */
  card: ({ customerId: string; paymentMethodId: string } & CardSummary) | null;
  summary: CardSummary | null;
}

function problemMessages(lines: { athleteId: number; problem: string | null }[]): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const line of lines) if (line.problem !== null) messages[`athletes.${line.athleteId}`] = [line.problem];
  return messages;
}

function alreadyPaid(athleteIds: number[]): ApiError {
  return conflict(
    ALREADY_PAID,
    problemMessages(athleteIds.map((athleteId) => ({ athleteId, problem: ALREADY_MEMBER }))),
  );
}

type RecordOutcome =
  | { kind: 'paid'; membershipIds: number[]; created: boolean }
  | { kind: 'taken' }
  | { kind: 'replaced' };

/**
 * Records every membership of a household checkout in one transaction (idempotent: the checkout row is locked and
 * its status says whether it is recorded). When another checkout recorded one of the athletes for the season
 * meanwhile, nothing is recorded and the checkout is marked refunded (`taken`).
 */
function recordOnce(deps: AppDeps, row: HouseholdCheckoutRow, lines: StoredLine[], payment: Payment) {
  const { db } = deps;
  return db.transaction(async (tx): Promise<RecordOutcome> => {
    const [current] = await tx.select().from(householdCheckouts).where(eq(householdCheckouts.id, row.id)).for('update');
    if (!current) throw new Error(`household checkout ${row.id} vanished`);
    const recordedIds = async () =>
      (
        await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(eq(memberships.householdCheckoutId, row.id))
          .orderBy(asc(memberships.id))
      ).map((membership) => membership.id);
    if (current.status === 'paid') return { kind: 'paid', membershipIds: await recordedIds(), created: false };
    if (current.status === 'refunded') return { kind: 'taken' };
    // A SetupIntent checkout replaced by a newer one (or whose athletes were paid) moved no money: never recorded.
    if (current.status === 'canceled' && payment.chargeId === null) return { kind: 'replaced' };
    const athleteIds = lines.map((line) => line.athleteId).sort((a, b) => a - b);
    // The athletes' rows, in one order, as recordMembership locks a payer's: one recording per athlete at a time.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, athleteIds))
      .orderBy(asc(users.id))
      .for('update');
    const active = await tx
      .select({ userId: memberships.userId, seasonId: memberships.seasonId })
      .from(memberships)
      .where(and(inArray(memberships.userId, athleteIds), eq(memberships.status, 'active')));
    if (lines.some((line) => active.some((m) => m.userId === line.athleteId && m.seasonId === line.seasonId))) {
      // Money moved only with a PaymentIntent: that one is refunded; a card setup or a free checkout just ends.
      const status = payment.chargeId === null ? 'canceled' : 'refunded';
      await tx.update(householdCheckouts).set({ status }).where(eq(householdCheckouts.id, row.id));
      return { kind: 'taken' };
    }
    const at = deps.now();
    const created = await tx
      .insert(memberships)
      .values(
        lines.map((line) => ({
          userId: line.athleteId,
          teamId: line.teamId,
          seasonId: line.seasonId,
          licenceId: line.licenceId,
          paymentPlanMonth: line.paymentPlanMonth,
          paidTodayCents: line.todayCents,
          planTotalCents: line.planTotalCents,
          discountCode: line.discountCode,
          includesProtection: line.includesProtection,
          stripePaymentIntentId: null,
          householdCheckoutId: row.id,
          payerId: row.payerId,
          siblingDiscountCents: line.siblingDiscountCents,
        })),
      )
      .returning({ id: memberships.id, userId: memberships.userId });
    for (const line of lines) {
      const membership = created.find((candidate) => candidate.userId === line.athleteId);
      if (!membership) throw new Error('membership insert lost an athlete');
      await createPhases(
        tx,
        membership.id,
        { amountCents: line.todayCents, paidAt: at, chargeId: payment.chargeId },
        line.laterPhases,
      );
      if (payment.card) await saveCard(tx, membership.id, payment.card, at);
    }
    await tx.update(householdCheckouts).set({ status: 'paid', paidAt: at }).where(eq(householdCheckouts.id, row.id));
    return { kind: 'paid', membershipIds: created.map((m) => m.id).sort((a, b) => a - b), created: true };
  });
}

/**
 * Records a household checkout that was paid (or needs no payment), refunds it whole when its athletes were taken
 * meanwhile, and e-mails the one receipt (only the call that recorded it).
 */
async function recordCheckout(deps: AppDeps, row: HouseholdCheckoutRow, payment: Payment): Promise<Recorded> {
  const lines = linesOf(row);
  let outcome: RecordOutcome;
  try {
    outcome = await recordOnce(deps, row, lines, payment);
  } catch (error) {
    // The unique active (athlete, season) index: another recording won; the check runs once more to say which.
    if (!isUniqueViolation(error)) throw error;
    outcome = await recordOnce(deps, row, lines, payment);
  }
  if (outcome.kind === 'replaced') {
    if (await allPaid(deps.db, lines)) throw alreadyPaid(lines.map((line) => line.athleteId));
    throw conflict(REPLACED);
  }
  if (outcome.kind === 'taken') {
    if (payment.chargeId === null) throw alreadyPaid(lines.map((line) => line.athleteId));
    // Refunding again changes nothing at the provider, so a retried success finishes an interrupted refund.
    await deps.providers.payments.refundIntent(payment.chargeId);
    return { membershipIds: [], refunded: true };
  }
  if (outcome.created) await sendHouseholdReceipt(deps, row.id, payment.summary);
  await clearPaidProgressOf(deps.db, outcome.membershipIds);
  return { membershipIds: outcome.membershipIds, refunded: false };
}

/** Records what a succeeded intent of a household checkout paid for (its card saved when later phases need it). */
async function recordIntent(deps: AppDeps, row: HouseholdCheckoutRow, intent: PaymentIntent): Promise<Recorded> {
  const summary = intent.paymentMethodId ? await deps.providers.payments.cardSummary(intent.paymentMethodId) : null;
  const customerId = intent.metadata.customer_id;
  const card =
    summary && customerId && intent.paymentMethodId
      ? { customerId, paymentMethodId: intent.paymentMethodId, ...summary }
      : null;
  return recordCheckout(deps, row, { chargeId: intent.id, card, summary });
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout

export interface CheckoutAnswer {
  checkout_id: string;
  client_secret: string | null;
  payment_intent_id: string | null;
  setup_intent_id: string | null;
  payment_complete: 0 | 1;
  amount_today_cents: number;
  receipt: HouseholdReceiptJson | null;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function storedLine(line: PricedLine, discount: DiscountCodeRow | null): StoredLine {
  const { context } = line;
  if (!context?.season || line.seatLicenceId === null || line.month === null) {
    throw new Error('only a priced line without a problem is stored');
  }
  return {
    athleteId: line.athleteId,
    name: line.name,
    teamId: context.teamId,
    teamName: context.teamName,
    seasonId: context.season.id,
    seasonName: context.season.name,
    licenceId: line.seatLicenceId,
    paymentPlanMonth: line.month,
    discountCode: discount?.code ?? null,
    includesProtection: line.includeProtection,
    duesCents: context.fees.totalDuesCents,
    codeDiscountCents: line.household?.codeDiscount ?? 0,
    siblingDiscountCents: line.household?.siblingDiscount ?? 0,
    protectionCents: line.protectionCents,
    appFeeCents: line.appFeeCents,
    todayCents: line.todayCents,
    planTotalCents: line.todayCents + sum(line.laterPhases.map((phase) => phase.amountCents)),
    laterPhases: line.laterPhases,
  };
}

function openAnswer(
  row: HouseholdCheckoutRow,
  intent: { clientSecret: string; id: string },
  kind: 'payment' | 'setup',
): CheckoutAnswer {
  return {
    checkout_id: row.publicId,
    client_secret: intent.clientSecret,
    payment_intent_id: kind === 'payment' ? intent.id : null,
    setup_intent_id: kind === 'setup' ? intent.id : null,
    payment_complete: 0,
    amount_today_cents: row.amountTodayCents,
    receipt: null,
  };
}

async function paidAnswer(deps: AppDeps, row: HouseholdCheckoutRow): Promise<CheckoutAnswer> {
  return {
    checkout_id: row.publicId,
    client_secret: null,
    payment_intent_id: row.paymentIntentId,
    setup_intent_id: row.setupIntentId,
    payment_complete: 1,
    amount_today_cents: row.amountTodayCents,
    receipt: await householdReceiptJson(deps.db, row.id, null),
  };
}

async function markCanceled(db: Db, row: HouseholdCheckoutRow): Promise<void> {
  await db
    .update(householdCheckouts)
    .set({ status: 'canceled' })
    .where(and(eq(householdCheckouts.id, row.id), eq(householdCheckouts.status, 'open')));
}

type Settled = { kind: 'kept'; answer: CheckoutAnswer } | { kind: 'paid'; row: HouseholdCheckoutRow } | null;

/**
 * The household's open checkouts before a new one: this same checkout (key and lines) keeps its intent; any other is
 * canceled through the provider, and one that turns out paid is recorded. Answers the kept one, or the caller's own
 * checkout recorded now.
 */
async function settleOpen(
  deps: AppDeps,
  householdId: number,
  key: string,
  paramsKey: string,
): Promise<{ settled: Settled; recordedOther: boolean }> {
  const { db } = deps;
  const payments = deps.providers.payments;
  const open = await db
    .select()
    .from(householdCheckouts)
    .where(and(eq(householdCheckouts.householdId, householdId), eq(householdCheckouts.status, 'open')))
    .orderBy(asc(householdCheckouts.id));
  let settled: Settled = null;
  let recordedOther = false;
  for (const row of open) {
    const same = row.checkoutKey === key && row.paramsKey === paramsKey;
    if (row.paymentIntentId !== null) {
      const intent = same
        ? await payments.retrieveIntent(row.paymentIntentId)
        : await payments.cancelIntent(row.paymentIntentId);
      if (intent?.status === 'succeeded') {
        const recorded = await recordIntent(deps, row, intent);
        if (same && !recorded.refunded) settled = { kind: 'paid', row };
        else recordedOther = true;
        continue;
      }
      if (same && intent && intent.status !== 'canceled' && settled === null) {
        settled = { kind: 'kept', answer: openAnswer(row, intent, 'payment') };
        continue;
      }
      // Money is moving (processing): neither replace it nor open a second one.
      if (intent && intent.status !== 'canceled' && !same) throw conflict(NOT_SUCCEEDED[intent.status]);
      await markCanceled(db, row);
      continue;
    }
    if (row.setupIntentId !== null) {
      const setup: SetupIntent | null =
        same && settled === null ? await payments.retrieveSetupIntent(row.setupIntentId) : null;
      if (setup && setup.status !== 'canceled') {
        settled = { kind: 'kept', answer: openAnswer(row, setup, 'setup') };
        continue;
      }
    }
    // A SetupIntent moves no money; replaced, it can no longer be recorded (recordOnce).
    await markCanceled(db, row);
  }
  return { settled, recordedOther };
}

/**
 * POST /api/household/checkout: one PaymentIntent for everything due today (a SetupIntent when nothing is due today
 * but instalments are; nothing to pay at all records the memberships now), under the household's lease.
 */
export async function checkout(deps: AppDeps, caller: UserRow, body: CheckoutRequest): Promise<CheckoutAnswer> {
  requireGuardian(caller);
  const { db } = deps;
  const household = await householdAthleteIds(db, caller);
  const stranger = body.athletes.find((line) => !household.includes(line.athlete_id));
  if (stranger) throw notFound(ATHLETE_NOT_FOUND);
  const householdId = await ensureHousehold(db, caller.id);

  return withHouseholdLease(db, householdId, deps.now, async (stillHeld) => {
    // Issue 30 point 4: a released hold is claimed again (none left: the line's problem says so).
    await reclaimReleasedSeats(
      deps,
      body.athletes.map((line) => line.athlete_id),
      undefined,
      { quiet: true },
    );
    let priced = await priceLines(deps, body, athleteRows(db, caller.id));
    const paramsOf = (current: Priced) =>
      hashOf({
        discount: current.discount?.code ?? null,
        lines: current.lines.map((line) => [line.athleteId, line.month, line.includeProtection, line.todayCents]),
      });
    const { settled, recordedOther } = await settleOpen(deps, householdId, body.checkout_key, paramsOf(priced));
    if (settled?.kind === 'kept') return settled.answer;
    if (settled?.kind === 'paid') return paidAnswer(deps, settled.row);
    if (recordedOther) priced = await priceLines(deps, body, athleteRows(db, caller.id));

    const problems = priced.lines.filter((line) => line.problem !== null);
    if (problems.length > 0) {
      if (problems.length === priced.lines.length && problems.every((line) => line.problem === ALREADY_MEMBER)) {
        // This same checkout paid already (a repeated Pay Now): its receipt, not a refusal.
        const [own] = await db
          .select()
          .from(householdCheckouts)
          .where(
            and(
              eq(householdCheckouts.householdId, householdId),
              eq(householdCheckouts.checkoutKey, body.checkout_key),
              eq(householdCheckouts.status, 'paid'),
            ),
          )
          .limit(1);
        if (own) return paidAnswer(deps, own);
        throw alreadyPaid(problems.map((line) => line.athleteId));
      }
      throw conflict(problems[0]?.problem ?? ALREADY_PAID, problemMessages(problems));
    }
    const unpriced = priced.lines.filter((line) => line.month === null);
    if (unpriced.length > 0) {
      throw validationError(
        Object.fromEntries(unpriced.map((line) => [`athletes.${line.athleteId}`, [PLAN_NOT_OFFERED]])),
      );
    }
    const lines = priced.lines.map((line) => storedLine(line, priced.discount));
    const todayCents = sum(lines.map((line) => line.todayCents));
    const laterCents = sum(lines.flatMap((line) => line.laterPhases.map((phase) => phase.amountCents)));
    if (todayCents > 0 && todayCents < MIN_CARD_CENTS) {
      throw fieldError('discount_code', 'The amount due today is below the smallest card payment ($0.50).');
    }
    if (priced.organizationId === null) throw new Error('a priced line always has an organization');
    const [row] = await db
      .insert(householdCheckouts)
      .values({
        publicId: `hc_${randomBytes(18).toString('base64url')}`,
        householdId,
        payerId: caller.id,
        organizationId: priced.organizationId,
        checkoutKey: body.checkout_key,
        lines,
        paramsKey: paramsOf(priced),
        amountTodayCents: todayCents,
      })
      .returning();
    if (!row) throw new Error('household checkout insert returned nothing');

    if (todayCents === 0 && laterCents === 0) {
      // Full discounts: nothing to charge now or later; the memberships are recorded now.
      await recordCheckout(deps, row, { chargeId: null, card: null, summary: null });
      return paidAnswer(deps, row);
    }
    const metadata = { household_checkout: row.publicId, payer_id: String(caller.id) };
    const payments = deps.providers.payments;
    if (todayCents === 0) {
      // Nothing to charge today, but the instalments need the card: a SetupIntent saves it without a charge.
      const customerId = await payerCustomer(deps, caller.id);
      const setup = await payments.createSetupIntent({
        customerId,
        metadata: { ...metadata, customer_id: customerId },
      });
      await db.update(householdCheckouts).set({ setupIntentId: setup.id }).where(eq(householdCheckouts.id, row.id));
      return openAnswer({ ...row, setupIntentId: setup.id }, setup, 'setup');
    }
    // Later phases are charged off-session on the card saved to the payer's customer.
    const customerId = laterCents > 0 ? await payerCustomer(deps, caller.id) : undefined;
    const intent = await payments.createIntent({
      amountCents: todayCents,
      currency: 'usd',
      metadata: customerId ? { ...metadata, customer_id: customerId } : metadata,
      idempotencyKey: `household-checkout-${row.publicId}`,
      customerId,
      saveCard: laterCents > 0,
    });
    await db.update(householdCheckouts).set({ paymentIntentId: intent.id }).where(eq(householdCheckouts.id, row.id));
    if (!(await stillHeld())) {
      // The lease expired and a newer checkout took over: this intent must not stay open beside its one.
      await payments.cancelIntent(intent.id);
      await markCanceled(db, row);
      throw conflict(REPLACED);
    }
    return openAnswer({ ...row, paymentIntentId: intent.id }, intent, 'payment');
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout success

export interface CheckoutSuccessAnswer {
  payment_complete: 1;
  membership_ids: number[];
  refunded: boolean;
  receipt: HouseholdReceiptJson | null;
}

/** Whether every athlete of the checkout holds an active membership for its season now (paid by any checkout). */
async function allPaid(db: Db, lines: StoredLine[]): Promise<boolean> {
  const active = await db
    .select({ userId: memberships.userId, seasonId: memberships.seasonId })
    .from(memberships)
    .where(
      and(
        inArray(
          memberships.userId,
          lines.map((line) => line.athleteId),
        ),
        eq(memberships.status, 'active'),
      ),
    );
  return lines.every((line) => active.some((m) => m.userId === line.athleteId && m.seasonId === line.seasonId));
}

/**
 * POST /api/household/checkout-success: the provider says whether the checkout's intent succeeded; then every
 * membership is recorded in one transaction (idempotent), or, when another checkout recorded one of the athletes
 * meanwhile, the payment is refunded whole.
 */
export async function checkoutSuccess(
  deps: AppDeps,
  caller: UserRow,
  body: CheckoutSuccessRequest,
): Promise<CheckoutSuccessAnswer> {
  requireGuardian(caller);
  const { db } = deps;
  const payments = deps.providers.payments;
  const paymentId = body.stripe_payment_intent_id;
  const setupId = body.stripe_setup_intent_id;
  if ((paymentId === undefined) === (setupId === undefined)) {
    throw fieldError('stripe_payment_intent_id', 'Send either stripe_payment_intent_id or stripe_setup_intent_id.');
  }
  const householdId = await householdIdOf(db, caller.id);
  // A checkout of the caller's household, or one the caller started (a guardian removed after paying still records
  // the payment their card made).
  const [row] = await db
    .select()
    .from(householdCheckouts)
    .where(
      and(
        eq(householdCheckouts.publicId, body.checkout_id),
        householdId === null
          ? eq(householdCheckouts.payerId, caller.id)
          : or(eq(householdCheckouts.householdId, householdId), eq(householdCheckouts.payerId, caller.id)),
      ),
    );
  if (!row) throw notFound(CHECKOUT_NOT_FOUND);
  const lines = linesOf(row);
  const notSucceeded = async (text: string) => {
    if (await allPaid(db, lines)) throw alreadyPaid(lines.map((line) => line.athleteId));
    return conflict(text);
  };

  let recorded: Recorded;
  let card: CardSummary | null = null;
  if (paymentId !== undefined) {
    if (row.paymentIntentId !== paymentId) {
      throw new ApiError(422, 'The payment does not match this checkout.', {
        stripe_payment_intent_id: ['The payment does not match this checkout.'],
      });
    }
    // The provider is the only source of truth for the payment.
    const intent = await payments.retrieveIntent(paymentId);
    if (!intent || intent.metadata.household_checkout !== row.publicId) throw notFound('Payment not found.');
    if (intent.status !== 'succeeded') throw await notSucceeded(NOT_SUCCEEDED[intent.status]);
    recorded = await recordIntent(deps, row, intent);
    card = intent.paymentMethodId ? await payments.cardSummary(intent.paymentMethodId) : null;
  } else {
    if (row.setupIntentId !== setupId || setupId === undefined) {
      throw new ApiError(422, 'The card setup does not match this checkout.', {
        stripe_setup_intent_id: ['The card setup does not match this checkout.'],
      });
    }
    const setup = await payments.retrieveSetupIntent(setupId);
    if (!setup || setup.metadata.household_checkout !== row.publicId) throw notFound('Card setup not found.');
    const customerId = setup.customerId ?? setup.metadata.customer_id;
    if (setup.status !== 'succeeded' || !setup.paymentMethodId || !customerId) {
      throw await notSucceeded('The card has not been confirmed yet.');
    }
    card = await payments.cardSummary(setup.paymentMethodId);
    const saved = card ? { customerId, paymentMethodId: setup.paymentMethodId, ...card } : null;
    recorded = await recordCheckout(deps, row, { chargeId: null, card: saved, summary: card });
  }
  return {
    payment_complete: 1,
    membership_ids: recorded.membershipIds,
    refunded: recorded.refunded,
    receipt: recorded.refunded ? null : await householdReceiptJson(db, row.id, card),
  };
}
