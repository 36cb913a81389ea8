import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type DiscountTerms, discountedDues } from '../../../src/domain/fees.ts';
import {
  type HouseholdAthleteDues,
  type HouseholdDiscountSettings,
  householdDues,
} from '../../../src/domain/household.ts';
import { centsToDollars } from '../../../src/domain/money.ts';
import { waiverEsField } from '../../../src/domain/waiver-texts.ts';
import { type Db, preparedPerDb, type Tx } from '../../db/client.ts';
import {
  athleteGuardians,
  type DiscountCodeRow,
  discountCodes,
  type LicenceRow,
  licenceClaims,
  licences,
  type MembershipRow,
  memberships,
  type OrganizationRow,
  organizations,
  type ProtectionPlanRow,
  protectionPlans,
  type SeasonRow,
  seasons,
  type TeamRow,
  teams,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { type ComputedPlan, computePaymentPlans, type FeeSettings } from '../../domain/payment-plans.ts';
import { fieldError, forbidden, text } from '../../http/errors.ts';
import { english } from '../../i18n/index.ts';
import type { HelpPayingJson } from '../help-paying.ts';
import { athleteHouseholdGuardianIds } from '../households.ts';
import { claimHolderIds, isAvailable, LICENCE_TEXTS, normalizeCode } from '../licences.ts';
import { englishPlanName } from './plan-texts.ts';
import { seasonMembership } from './record.ts';

/** What the payment plans of one team (or draft) are computed from. */
/** What dues read of a team's organization (the quote's statement reads only these columns). */
export type DuesOrganization = Pick<
  OrganizationRow,
  'id' | 'name' | 'waiver' | 'waiverEs' | 'stripeAccountId' | 'secondAthletePercent' | 'furtherAthletePercent'
>;

/** What a team's dues context reads of the team (duesContextOf). */
export type DuesTeam = Pick<
  TeamRow,
  | 'id'
  | 'name'
  | 'totalDuesCents'
  | 'athleteDepositCents'
  | 'paymentPlanFeeCents'
  | 'appFeeCents'
  | 'isAppFeeItemized'
  | 'planMonths'
>;

export interface DuesContext {
  teamId: number;
  teamName: string;
  organization: DuesOrganization;
  fees: FeeSettings;
  waiver: string | null;
  /** Issue 31 point 4: the waiver's Spanish text; null: none. */
  waiverEs: string | null;
  season: SeasonRow | null;
  protectionPlan: ProtectionPlanRow | null;
}

export interface PaymentDataJson {
  team: {
    id: number;
    name: string;
    total_dues: number;
    athlete_deposit: number;
    payment_plan_fee: number;
    total_app_fee: number;
    is_app_fee_itemized: boolean;
    waiver: string | null;
    /** Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one. */
    waiver_es?: string;
    /** Issue 32 point 3 (additive): the version of the waiver shown, only with a waiver and never on a draft. */
    waiver_version?: number;
    /** Issue 32 point 2 (additive): the documents the team requires, only when it requires some; never on a draft. */
    required_documents?: string[];
  } | null;
  season: { id: number; name: string; start_date: string } | null;
  injury_protection_insurance: { id: number; description: string; amount: number } | null;
  payment_plans: {
    month: number;
    name: string;
    additional?: number;
    phases: { start_time_formatted: string; amount: number; base_amount: number }[];
  }[];
  is_season_set: boolean;
  connected_account_stripe_id: string | null;
  error: string | null;
  /** Issue 20: the paying athlete of a guardian (the first line of a family checkout); absent on a draft. */
  athlete?: { id: number; name: string } | null;
  /** Issue 20: the household discount in these plans (money in dollars); null when none applies. */
  household?: { sibling_discount: number; sibling_discount_percent: number; position: number } | null;
  /** Issue 34 (additive): only where the organization offers financial assistance or accepts check or cash. */
  help_paying?: HelpPayingJson;
}

/** A team's dues context from its rows (what its payment plans are computed from). */
export function duesContextOf(
  team: DuesTeam,
  organization: DuesOrganization,
  season: SeasonRow,
  protectionPlan: ProtectionPlanRow | null,
): DuesContext {
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
    // A team's waiver is its organization's (spec §3: organization.waiver).
    waiver: organization.waiver,
    waiverEs: organization.waiverEs,
    season,
    protectionPlan,
  };
}

/** The team's dues context: its organization, season and protection plan in one statement. */
export async function teamContext(db: Db | Tx, team: TeamRow): Promise<DuesContext> {
  const [row] = await db
    .select({ organization: organizations, season: seasons, protectionPlan: protectionPlans })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
    .where(eq(teams.id, team.id));
  if (!row) throw new Error(`team ${team.id} lost its organization or season`);
  return duesContextOf(team, row.organization, row.season, row.protectionPlan);
}

/** A team licence's team with everything its payment data needs, read fresh (fees and seats are never cached). */
const licenceDuesStatement = preparedPerDb((db) =>
  db
    .select({ team: teams, organization: organizations, season: seasons, protectionPlan: protectionPlans })
    .from(licences)
    .innerJoin(teams, eq(teams.id, licences.teamId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(protectionPlans, eq(protectionPlans.id, teams.protectionPlanId))
    .where(eq(licences.id, sql.placeholder('licenceId')))
    .prepare('licence_dues'),
);

/**
 * The dues context of the team licence a payer is paying for (payerTeamLicence's choice), or null when there is
 * none: for a guardian one statement in all, where payerTeamLicence + teamContext took four.
 */
export async function payerDuesContext(db: Db, payer: UserRow): Promise<DuesContext | null> {
  for (const licenceId of await payerLicenceCandidates(db, payer)) {
    const [row] = await licenceDuesStatement(db).execute({ licenceId });
    if (row) return duesContextOf(row.team, row.organization, row.season, row.protectionPlan);
  }
  return null;
}

export async function findProtectionPlan(db: Db | Tx, id: number): Promise<ProtectionPlanRow | null> {
  const [plan] = await db.select().from(protectionPlans).where(eq(protectionPlans.id, id));
  return plan ?? null;
}

/** A discount code by its (case-insensitive) code, valid for the organization; null when there is none. */
export async function findDiscount(
  db: Db | Tx,
  code: string,
  organizationId: number | null,
): Promise<DiscountCodeRow | null> {
  const scope =
    organizationId === null
      ? isNull(discountCodes.organizationId)
      : or(isNull(discountCodes.organizationId), eq(discountCodes.organizationId, organizationId));
  const [discount] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, normalizeCode(code)), scope))
    .limit(1);
  return discount ?? null;
}

/**
 * The active discount a request names, or null for none; 422 on `discount_code` for an unknown or inactive code. A
 * family checkout whose lines have no organization yet (`organizationId` null) finds only codes of no organization.
 */
export async function requireActiveDiscount(
  db: Db | Tx,
  code: string | null | undefined,
  organizationId: number | null,
): Promise<DiscountCodeRow | null> {
  if (code === null || code === undefined || code.trim() === '') return null;
  const discount = await findDiscount(db, code, organizationId);
  if (!discount) throw fieldError('discount_code', text('checkout.codeNotFound'));
  if (!discount.isActive) throw fieldError('discount_code', text('checkout.codeInactive'));
  return discount;
}

export function plansFor(
  context: DuesContext,
  discount: DiscountCodeRow | null,
  includeProtection: boolean,
  now: Date,
  siblingDiscountCents = 0,
  assistanceCents = 0,
): ComputedPlan[] {
  if (context.season === null) return [];
  const terms = discountTerms(discount);
  // §4 'then the injury protection page if the plan exists': offered under a full discount too, and then it is the
  // one payment due today.
  return computePaymentPlans({
    fees: context.fees,
    discount: terms,
    protectionCents: includeProtection && context.protectionPlan ? context.protectionPlan.amountCents : 0,
    siblingDiscountCents,
    ...(assistanceCents > 0 ? { assistanceCents } : {}),
    firstInstallmentOn: context.season.firstInstallmentOn,
    today: now,
    planName: englishPlanName,
  });
}

/**
 * Issue 34: the financial assistance a checkout takes off, in cents: the approved award, at most the dues the code
 * left (an award never turns into money).
 */
export function assistanceTaken(context: DuesContext, discount: DiscountCodeRow | null, awardCents: number): number {
  if (awardCents <= 0) return 0;
  return Math.min(awardCents, discountedDues(context.fees.totalDuesCents, discountTerms(discount)));
}

export function discountTerms(discount: DiscountCodeRow | null): DiscountTerms | null {
  return discount ? { percentOff: discount.percentOff, flatAmount: discount.flatDiscountCents } : null;
}

export function paymentDataJson(
  context: DuesContext,
  plans: ComputedPlan[],
  error: string | null = null,
): PaymentDataJson {
  const protectionPlan = context.protectionPlan;
  return {
    team: {
      id: context.teamId,
      name: context.teamName,
      total_dues: centsToDollars(context.fees.totalDuesCents),
      athlete_deposit: centsToDollars(context.fees.athleteDepositCents),
      payment_plan_fee: centsToDollars(context.fees.paymentPlanFeeCents),
      total_app_fee: centsToDollars(context.fees.appFeeCents),
      is_app_fee_itemized: context.fees.isAppFeeItemized,
      waiver: context.waiver,
      ...waiverEsField(context.waiverEs),
    },
    season: context.season
      ? { id: context.season.id, name: context.season.name, start_date: context.season.startDate }
      : null,
    injury_protection_insurance: protectionPlan
      ? {
          id: protectionPlan.id,
          description: protectionPlan.description,
          amount: centsToDollars(protectionPlan.amountCents),
        }
      : null,
    payment_plans: plans.map((plan) => ({
      month: plan.month,
      name: plan.name,
      ...(plan.additionalCents === null ? {} : { additional: centsToDollars(plan.additionalCents) }),
      phases: plan.phases.map((phase) => ({
        start_time_formatted: phase.startTimeFormatted,
        amount: centsToDollars(phase.amountCents),
        base_amount: centsToDollars(phase.baseAmountCents),
      })),
    })),
    is_season_set: context.season !== null,
    connected_account_stripe_id: context.organization.stripeAccountId,
    error,
  };
}

/**
 * The team licence a payer is paying for: their own latest licence, or, for an athlete who has none, the latest
 * licence of a guardian (the guardian picked the licence, the athlete pays, spec §6).
 */
export async function payerTeamLicence(
  db: Db | Tx,
  payer: UserRow,
): Promise<{ licence: LicenceRow; team: TeamRow } | null> {
  const candidates = await payerLicenceCandidates(db, payer);
  if (candidates.length === 0) return null;
  const rows = await db
    .select({ licence: licences, team: teams })
    .from(licences)
    .innerJoin(teams, eq(teams.id, licences.teamId))
    .where(inArray(licences.id, candidates));
  for (const id of candidates) {
    const row = rows.find((candidate) => candidate.licence.id === id);
    if (row) return row;
  }
  return null;
}

/** The licences a payer may be paying for, in order of preference: their own latest, then their guardians'. */
async function payerLicenceCandidates(db: Db | Tx, payer: UserRow): Promise<number[]> {
  const candidates: number[] = [];
  if (payer.latestLicenseId !== null) candidates.push(payer.latestLicenseId);
  if (payer.kind === 'athlete') {
    const guardians = await db
      .select({ latestLicenseId: users.latestLicenseId })
      .from(athleteGuardians)
      .innerJoin(users, eq(users.id, athleteGuardians.guardianId))
      .where(eq(athleteGuardians.athleteId, payer.id));
    for (const guardian of guardians) if (guardian.latestLicenseId !== null) candidates.push(guardian.latestLicenseId);
  }
  return candidates;
}

export const NO_CLAIM = english('licence.noClaim');

/**
 * The licence whose seat a payment for the team uses: a claim on one of the team's licences held by the payer, or
 * by one of a guardian payer's athletes (claimHolderIds). 403 otherwise, with the licence page's text when the
 * payer's latest licence for the team is paused or has no seat left. A paused licence stops new payments
 * (`allowPaused: false`, checkout) but not the recording of one already made (checkout-success).
 */
export async function requireTeamSeat(
  db: Db | Tx,
  payer: UserRow,
  teamId: number,
  options: { allowPaused: boolean; now: Date },
): Promise<{ licenceId: number; holderId: number }> {
  const claims = await db
    .select({ licenceId: licences.id, paused: licences.paused, userId: licenceClaims.userId })
    .from(licenceClaims)
    .innerJoin(licences, eq(licences.id, licenceClaims.licenceId))
    .where(and(inArray(licenceClaims.userId, await claimHolderIds(db, payer)), eq(licences.teamId, teamId)))
    .orderBy(asc(licenceClaims.id));
  const usable = claims.filter((claim) => options.allowPaused || !claim.paused);
  const seat = usable.find((claim) => claim.userId === payer.id) ?? usable[0];
  if (seat) return { licenceId: seat.licenceId, holderId: seat.userId };
  if (claims.length > 0) throw forbidden(LICENCE_TEXTS.paused);
  const latest = await payerTeamLicence(db, payer);
  if (latest?.team.id === teamId) {
    if (latest.licence.paused) throw forbidden(LICENCE_TEXTS.paused);
    if (!isAvailable(latest.licence, options.now)) throw forbidden(LICENCE_TEXTS.teamUnavailable);
  }
  throw forbidden(NO_CLAIM);
}

/**
 * The active membership that pays the payer's dues for a team: their own, or for a guardian one of their athletes'
 * (the family has paid). The payer's own comes first.
 */
export async function teamMembershipOf(db: Db | Tx, payer: UserRow, teamId: number): Promise<MembershipRow | null> {
  const members = await claimHolderIds(db, payer);
  const rows = await db
    .select()
    .from(memberships)
    .where(and(inArray(memberships.userId, members), eq(memberships.teamId, teamId), eq(memberships.status, 'active')));
  return rows.find((row) => row.userId === payer.id) ?? rows[0] ?? null;
}

/**
 * duplicate-status: whether the athlete (the caller or one of their athletes) claimed the payer's latest team
 * licence, and whether they already hold an active membership in its season. Null when the athlete is not the
 * caller's.
 */
export async function duplicateStatus(
  db: Db,
  payer: UserRow,
  athleteId: number,
): Promise<{ licenceClaimed: boolean; hasSeasonMembership: boolean } | null> {
  // The caller or one of their athletes, the same set whose licence claims count for the caller.
  if (!(await claimHolderIds(db, payer)).includes(athleteId)) return null;
  const licence = await payerTeamLicence(db, payer);
  if (!licence) return { licenceClaimed: false, hasSeasonMembership: false };
  const [claim] = await db
    .select({ id: licenceClaims.id })
    .from(licenceClaims)
    .where(and(eq(licenceClaims.licenceId, licence.licence.id), eq(licenceClaims.userId, athleteId)));
  const membership = await seasonMembership(db, athleteId, licence.team.seasonId);
  return { licenceClaimed: claim !== undefined, hasSeasonMembership: membership !== null };
}

/** A team by id, or null. */
export async function findTeam(db: Db | Tx, teamId: number): Promise<TeamRow | null> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  return team ?? null;
}

/** An organization's household discount settings (issue 20: Northside 10 % / 15 %, Lakeside none). */
export function householdSettingsOf(organization: DuesOrganization): HouseholdDiscountSettings {
  return {
    secondAthletePercent: organization.secondAthletePercent,
    furtherAthletePercent: organization.furtherAthletePercent,
  };
}

/**
 * How many other athletes of the household (the athletes registered by `guardianIds`) hold an active membership in
 * the season: the places they keep before this checkout's athletes (householdDues' `alreadyPaidCount`).
 */
export async function paidHouseholdAthletes(
  db: Db | Tx,
  guardianIds: number[],
  seasonId: number,
  exceptAthleteIds: number[],
): Promise<number> {
  if (guardianIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${memberships.userId})::int` })
    .from(memberships)
    .innerJoin(athleteGuardians, eq(athleteGuardians.athleteId, memberships.userId))
    .where(
      and(
        inArray(athleteGuardians.guardianId, guardianIds),
        eq(memberships.seasonId, seasonId),
        eq(memberships.status, 'active'),
        ...exceptAthleteIds.map((id) => ne(memberships.userId, id)),
      ),
    );
  return Number(row?.count ?? 0);
}

export interface AthleteHousehold {
  /** The paying athlete (the first line of a family checkout). */
  athlete: { id: number; name: string };
  /** The household rule's answer for this athlete (a sibling discount of 0 when none applies). */
  dues: HouseholdAthleteDues;
}

/**
 * The household discount on the spec's one-athlete path (issue 20): an athlete of a guardian paying alone gets it
 * when their household already has athletes paid in the team's season (a sibling a week later). Null for a payer who
 * is not a guardian's athlete; the sibling discount is 0 when nobody else is paid yet or the organization sets none.
 */
export async function athleteHousehold(
  db: Db | Tx,
  payer: UserRow,
  context: DuesContext,
  discount: DiscountCodeRow | null,
  assistanceCents = 0,
): Promise<AthleteHousehold | null> {
  if (payer.kind !== 'athlete' || context.season === null) return null;
  const guardians = await athleteHouseholdGuardianIds(db, payer.id);
  if (guardians.length === 0) return null;
  const paid = await paidHouseholdAthletes(db, guardians, context.season.id, [payer.id]);
  // Issue 34: financial assistance comes off after the code and before the sibling discount, which is computed on
  // what is left (without an award, exactly as before).
  const line =
    assistanceCents > 0
      ? {
          athleteId: payer.id,
          dues: Math.max(0, discountedDues(context.fees.totalDuesCents, discountTerms(discount)) - assistanceCents),
          discount: null,
        }
      : { athleteId: payer.id, dues: context.fees.totalDuesCents, discount: discountTerms(discount) };
  const result = householdDues(householdSettingsOf(context.organization), [line], paid);
  const dues = result.athletes[0];
  if (!dues) throw new Error('the household rule lost the athlete');
  return { athlete: { id: payer.id, name: payer.name ?? '' }, dues };
}

/** PaymentData's `athlete` and `household` (issue 20) for the one-athlete path. */
export function householdPaymentData(
  household: AthleteHousehold | null,
): Pick<PaymentDataJson, 'athlete' | 'household'> {
  if (!household) return { athlete: null, household: null };
  const { dues } = household;
  return {
    athlete: household.athlete,
    household:
      dues.siblingDiscount > 0
        ? {
            sibling_discount: centsToDollars(dues.siblingDiscount),
            sibling_discount_percent: dues.percent,
            position: dues.position,
          }
        : null,
  };
}
