import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { chargedAppFee, type DiscountTerms, discountedDues } from '../../../src/domain/fees.ts';
import { type HouseholdAthleteDues, householdDues } from '../../../src/domain/household.ts';
import { type Db, preparedPerDb } from '../../db/client.ts';
import {
  accessTokens,
  type DiscountCodeRow,
  licences,
  organizations,
  protectionPlans,
  seasons,
  teams,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { type ComputedPlan, planTotalCents, teamFeesOf } from '../../domain/payment-plans.ts';
import { fieldError, forbidden, text } from '../../http/errors.ts';
import { english } from '../../i18n/index.ts';
import { isAvailable, LICENCE_TEXTS } from '../licences.ts';
import { liveToken, liveTokenParams } from '../tokens.ts';
import { type AthleteRow, athleteRowsOf, type QuoteLicence } from './athlete-row.ts';
import { ALREADY_MEMBER, type RecordLine } from './record.ts';
import {
  assistanceTaken,
  type DuesContext,
  discountTerms,
  duesContextOf,
  householdSettingsOf,
  NO_CLAIM,
  plansFor,
  requireActiveDiscount,
} from './team-dues.ts';

export const GUARDIAN_ONLY = english('checkout.guardianOnly');
export const ATHLETE_NOT_FOUND = english('checkout.athleteNotFound');
export const ALREADY_PAID = english('checkout.alreadyPaid');
export const ONE_ORGANIZATION = english('checkout.oneOrganization');
export const CHECKOUT_NOT_FOUND = english('checkout.notFound');
export const PLAN_NOT_OFFERED = english('checkout.planNotOffered');

export interface LineRequest {
  athlete_id: number;
  payment_plan_month?: number | null | undefined;
  include_payment_protection_plan?: boolean | null | undefined;
  /** Issue 32 point 4: answers to the athlete's team's own questions (checkout only). */
  answers?: Record<string, string> | undefined;
}

export interface QuoteRequest {
  athletes: LineRequest[];
  discount_code?: string | null | undefined;
}

export interface CheckoutRequest extends QuoteRequest {
  checkout_key: string;
  /** Issue 32 point 3 (additive): the waiver version the family read and agreed to; null: not agreed. */
  waiver_version?: number | null | undefined;
  /** Issue 34 point 4 (additive): 'check_or_cash' where the organization accepts it; absent: card. */
  payment_method?: 'card' | 'check_or_cash' | undefined;
}

export interface CheckoutSuccessRequest {
  checkout_id: string;
  stripe_payment_intent_id?: string | undefined;
  stripe_setup_intent_id?: string | undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The lines, from the server's own data

export interface Phase {
  dueOn: string;
  amountCents: number;
}

/** One requested athlete, priced (or with the problem that keeps them from being paid for). */
export interface PricedLine {
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
  /**
   * Issue 32 point 3: the version of the organization's waiver texts as read with them (the latest version when it
   * holds exactly these texts), null when none does yet (services/waivers.ts `shownWaiverVersion` then makes it).
   */
  waiverVersion: number | null;
  /** Issue 34: the financial assistance taken off this athlete's dues (an approved award), 0 when none. */
  assistanceCents: number;
}

export interface Priced {
  lines: PricedLine[];
  discount: DiscountCodeRow | null;
  organizationId: number | null;
}

/**
 * The athletes of the caller's household: those registered by the caller or by another guardian of the caller's
 * household (server/services/households.ts says the same in three statements; the quote needs it inside its one
 * statement), as an SQL array of ids, so each statement reads it once and tests each athlete with `= any(…)`.
 */
const householdAthletesOf = (callerId: SQLWrapper) =>
  sql`array(select ag.athlete_id from athlete_guardians ag where ag.guardian_id = ${callerId} or ag.guardian_id in (select g2.user_id from household_guardians g1 join household_guardians g2 on g2.household_id = g1.household_id where g1.user_id = ${callerId}))`;

/** A JSON object of the joined row's columns, or null when the row is absent (its `id` is null: a left join found none). */
const jsonOrNull = (id: SQLWrapper, fields: Record<string, SQLWrapper>) => {
  const pairs = Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`case when ${id} is null then null else json_build_object(${sql.join(pairs, sql`, `)}) end`;
};

/**
 * What a quote reads of each requested athlete (see quoteStatement), as JSON (athlete-row.ts reads it): the athlete's
 * own values, and the team's dues context (team, organization, season, protection plan, the household's places taken
 * in the season, the waiver's version) on the first row of each team only. `household` is the caller's household's
 * athlete ids as an SQL array, read once per statement (issue 30 point 6: read again for each athlete's row, the
 * household's subqueries were a third of the five-athlete quote's time in PostgreSQL).
 *
 * Two JSON columns instead of 44 columns (issue 30 point 6, the full bench's profile, Dec 6 2026): node-postgres
 * describes the row again at every execution and drizzle maps each column of each row, together 15 % of the server's
 * CPU for a five-athlete quote. PostgreSQL's json_build_object looks up each value's output function on every call,
 * so the team's context, the same for a family's athletes, is built once per team, not once per athlete.
 */
const athleteJson = jsonOrNull(users.id, {
  id: users.id,
  name: users.name,
  teamId: teams.id,
  // Only the columns the pricing reads (issue 20 perf: fewer values to send, parse and map per athlete).
  licence: jsonOrNull(licences.id, {
    id: licences.id,
    code: licences.code,
    kind: licences.kind,
    availableLicenses: licences.availableLicenses,
    paused: licences.paused,
    expiresOn: licences.expiresOn,
  }),
  claims: sql`(select coalesce(json_agg(json_build_object('licenceId', l.id, 'paused', l.paused) order by c.id), '[]'::json) from licence_claims c join licences l on l.id = c.licence_id where c.user_id = ${users.id} and l.team_id = ${teams.id})`,
  isMember: sql`exists (select 1 from memberships m where m.user_id = ${users.id} and m.season_id = ${teams.seasonId} and m.status = 'active')`,
  // Issue 34: the athlete's approved award for the season (cents), here rather than one more statement per quote.
  award: sql`(select a.amount_approved_cents from assistance_requests a where a.athlete_id = ${users.id} and a.season_id = ${teams.seasonId} and a.status = 'approved' limit 1)`,
});

const teamContextJson = (household: SQLWrapper) =>
  sql`case when row_number() over (partition by ${teams.id} order by ${users.id}) = 1 then ${jsonOrNull(teams.id, {
    team: jsonOrNull(teams.id, {
      id: teams.id,
      name: teams.name,
      totalDuesCents: teams.totalDuesCents,
      athleteDepositCents: teams.athleteDepositCents,
      paymentPlanFeeCents: teams.paymentPlanFeeCents,
      appFeeCents: teams.appFeeCents,
      isAppFeeItemized: teams.isAppFeeItemized,
      planMonths: teams.planMonths,
    }),
    organization: jsonOrNull(organizations.id, {
      id: organizations.id,
      name: organizations.name,
      waiver: organizations.waiver,
      waiverEs: organizations.waiverEs,
      stripeAccountId: organizations.stripeAccountId,
      secondAthletePercent: organizations.secondAthletePercent,
      furtherAthletePercent: organizations.furtherAthletePercent,
    }),
    season: jsonOrNull(seasons.id, {
      id: seasons.id,
      organizationId: seasons.organizationId,
      name: seasons.name,
      startDate: seasons.startDate,
      firstInstallmentOn: seasons.firstInstallmentOn,
    }),
    protectionPlan: jsonOrNull(protectionPlans.id, {
      id: protectionPlans.id,
      organizationId: protectionPlans.organizationId,
      description: protectionPlans.description,
      amountCents: protectionPlans.amountCents,
    }),
    paidInSeason: sql`(select count(distinct m.user_id)::int from memberships m where m.season_id = ${teams.seasonId} and m.status = 'active' and m.user_id = any(${household}))`,
    // Issue 32 point 3: the version of the waiver texts read here, in this statement rather than one more per quote:
    // the latest version when its English and Spanish rows are exactly these texts (else null, and the quote asks
    // services/waivers.ts `shownWaiverVersion`, which makes a new version when the owner changed the text).
    waiverVersion: sql`(select v.version from waiver_versions v where v.organization_id = ${organizations.id} and v.language = 'en' and v.text = ${organizations.waiver} and v.version = (select max(w.version) from waiver_versions w where w.organization_id = ${organizations.id}) and coalesce((select e.text from waiver_versions e where e.organization_id = v.organization_id and e.version = v.version and e.language = 'es'), '') = coalesce(${organizations.waiverEs}, ''))`,
  })} end`;

/** The columns of both quote statements: each athlete's JSON and, on a team's first row, the team's context. */
const athleteColumns = (household: SQLWrapper) => ({
  athlete: athleteJson,
  teamContext: teamContextJson(household),
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
    .select(athleteColumns(householdAthletesOf(sql.placeholder('callerId'))))
    .from(users)
    .leftJoin(licences, eq(licences.id, users.latestLicenseId))
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .leftJoin(organizations, eq(organizations.id, teams.organizationId))
    .leftJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
    .where(and(requestedAthlete, sql`${users.id} = any(${householdAthletesOf(sql.placeholder('callerId'))})`))
    .prepare('household_quote'),
);

/**
 * The quote's own statement: the session of the bearer token (the one session lookup, `liveToken` of ../tokens.ts:
 * a live session token, by its hash) and the same athletes as quoteStatement, in one round trip instead of two
 * (issue 20: ~0.14 ms of server and 0.14 ms of PostgreSQL CPU per quote). One row per athlete found, each carrying
 * the caller's id and kind; one row with no athlete when none is; no row when the token opens no session.
 */
const sessionQuoteStatement = preparedPerDb((db) => {
  const caller = db
    .select({
      callerId: sql<number>`${users.id}`.as('caller_id'),
      callerKind: sql<UserRow['kind']>`${users.kind}`.as('caller_kind'),
      household: sql<number[]>`${householdAthletesOf(users.id)}`.as('household'),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(liveToken())
    .limit(1)
    .as('caller');
  return db
    .select({ callerId: caller.callerId, callerKind: caller.callerKind, ...athleteColumns(caller.household) })
    .from(caller)
    .leftJoin(users, and(requestedAthlete, sql`${users.id} = any(${caller.household})`))
    .leftJoin(licences, eq(licences.id, users.latestLicenseId))
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .leftJoin(organizations, eq(organizations.id, teams.organizationId))
    .leftJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
    .prepare('household_session_quote');
});

/** The requested athletes of a caller known by id (the checkout's pricing). */
export function athleteRows(db: Db, callerId: number) {
  return async (ids: number[]): Promise<AthleteRow[]> => {
    if (ids.length === 0) return [];
    return athleteRowsOf(await quoteStatement(db).execute({ callerId, athleteIds: ids.join(',') }));
  };
}

/**
 * The caller a session token opens and the requested athletes of their household (sessionQuoteStatement): null when
 * the token opens no session (401).
 */
export async function sessionAthleteRows(
  db: Db,
  token: string,
  ids: number[],
  now: Date,
): Promise<{ caller: Pick<UserRow, 'id' | 'kind'>; rows: AthleteRow[] } | null> {
  const found = await sessionQuoteStatement(db).execute({
    ...liveTokenParams(token, 'session', now),
    athleteIds: ids.join(','),
  });
  const [first] = found;
  if (!first) return null;
  return { caller: { id: first.callerId, kind: first.callerKind }, rows: athleteRowsOf(found) };
}

function contextOf(row: AthleteRow): DuesContext | null {
  const { licence, team, organization, season } = row;
  if (licence?.kind !== 'team' || !team || !organization || !season) return null;
  return duesContextOf(team, organization, season, row.protectionPlan);
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

/**
 * Prices a checkout's lines from the server's data (the one function behind quote, checkout and what success
 * records). 422 on `athletes` for lines of two organizations and on `discount_code` for an unknown or inactive code;
 * every other reason a line cannot be paid is the line's `problem`.
 */
export async function priceLines(
  deps: AppDeps,
  request: QuoteRequest,
  rowsOf: (ids: number[]) => Promise<AthleteRow[]>,
): Promise<Priced> {
  const { db } = deps;
  const now = deps.now();
  const requested = request.athletes.map((line) => line.athlete_id);
  if (new Set(requested).size !== requested.length) {
    throw fieldError('athletes', text('checkout.athleteOnce'));
  }
  const rows = await rowsOf(requested);
  const contexts = new Map(rows.map((row) => [row.id, { row, context: contextOf(row) }]));

  const organizationIds = new Set<number>();
  for (const { context } of contexts.values()) if (context) organizationIds.add(context.organization.id);
  if (organizationIds.size > 1) throw fieldError('athletes', ONE_ORGANIZATION);
  const [organizationId = null] = organizationIds;
  const discount = await requireActiveDiscount(db, request.discount_code, organizationId);
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
      waiverVersion: found?.row.waiverVersion ?? null,
      assistanceCents: 0,
    };
    if (!found) return { ...base, problem: ATHLETE_NOT_FOUND };
    const latest = found.row.licence;
    if (!context || !latest || !context.season) return { ...base, problem: NO_CLAIM };
    if (found.row.isMember) return { ...base, problem: ALREADY_MEMBER };
    const seat = seatOf(found.row.claims, latest, now);
    if ('problem' in seat) return { ...base, problem: seat.problem };
    return { ...base, seatLicenceId: seat.licenceId };
  });

  // Issue 34: approved awards (read in the quote's own statement) come off after the code and before the sibling
  // discount; none: every line as before.
  for (const line of lines) {
    const award = contexts.get(line.athleteId)?.row.award ?? 0;
    if (line.problem === null && line.context?.season && award > 0) {
      line.assistanceCents = assistanceTaken(line.context, discount, award);
    }
  }

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
      group.map((line) => {
        const dues = line.context?.fees.totalDuesCents ?? 0;
        // Issue 34: with an award, the sibling discount is computed on the dues left after the code and the award.
        return line.assistanceCents > 0
          ? {
              athleteId: line.athleteId,
              dues: Math.max(0, discountedDues(dues, terms) - line.assistanceCents),
              discount: null,
            }
          : { athleteId: line.athleteId, dues, discount: terms };
      }),
      alreadyPaid,
    );
    for (const line of group) {
      const dues = result.athletes.find((a) => a.athleteId === line.athleteId) ?? null;
      const total = line.context?.fees.totalDuesCents ?? 0;
      line.household =
        dues && line.assistanceCents > 0
          ? {
              ...dues,
              dues: total,
              duesAfterCode: discountedDues(total, terms),
              codeDiscount: total - discountedDues(total, terms),
            }
          : dues;
    }
  }

  const byId = new Map(request.athletes.map((line) => [line.athlete_id, line]));
  for (const line of lines) {
    const context = line.context;
    if (line.problem !== null || !context) continue;
    const asked = byId.get(line.athleteId);
    line.includeProtection = asked?.include_payment_protection_plan === true && context.protectionPlan !== null;
    line.plans = plansFor(
      context,
      discount,
      line.includeProtection,
      now,
      line.household?.siblingDiscount ?? 0,
      line.assistanceCents,
    );
    const plan = line.plans.find((candidate) => candidate.month === asked?.payment_plan_month);
    if (!plan) continue;
    line.month = plan.month;
    ({ todayCents: line.todayCents, laterPhases: line.laterPhases } = splitPlan(plan));
    line.protectionCents = line.includeProtection ? (context.protectionPlan?.amountCents ?? 0) : 0;
    const fees = teamFeesOf(context.fees);
    line.appFeeCents = fees.is_app_fee_itemized ? chargedAppFee(fees, terms) : 0;
    line.planFeeCents = plan.additionalCents ?? 0;
  }
  return { lines, discount, organizationId };
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function requireGuardian(caller: Pick<UserRow, 'kind'>): void {
  if (caller.kind !== 'guardian') throw forbidden(GUARDIAN_ONLY);
}

/** A chosen plan as a line pays it: its first phase today, the others later. */
function splitPlan(plan: ComputedPlan): { todayCents: number; laterPhases: Phase[] } {
  const [today, ...later] = plan.phases;
  return {
    todayCents: today?.amountCents ?? 0,
    laterPhases: later.map((phase) => ({ dueOn: phase.dueOn, amountCents: phase.amountCents })),
  };
}

/**
 * One athlete line of a checkout as it is recorded (record.ts `RecordLine`): the team and season of the athlete's
 * dues context, the licence whose seat they hold, the chosen plan split into today's amount and the later phases.
 * The spec's one-athlete checkout is a checkout of one such line; the family checkout stores one per athlete.
 */
export function lineOf(
  athleteId: number,
  context: DuesContext,
  licenceId: number,
  plan: ComputedPlan,
  terms: {
    discountCode: string | null;
    includesProtection: boolean;
    siblingDiscountCents: number;
    /** Issue 34: the award in the amounts (only when there is one). */
    financialAssistanceCents?: number;
  },
): RecordLine & { licenceId: number } {
  if (!context.season) throw new Error('a line is priced only for a team with a season');
  return {
    athleteId,
    teamId: context.teamId,
    seasonId: context.season.id,
    licenceId,
    paymentPlanMonth: plan.month,
    ...splitPlan(plan),
    planTotalCents: planTotalCents(plan),
    ...terms,
  };
}
