import { waiverEsField } from '../../../src/domain/waiver-texts.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { unauthenticated } from '../../http/errors.ts';
import { DEFAULT_LOCALE, fromEnglish, type Locale, render } from '../../i18n/index.ts';
import { requireHouseholdGuardian } from '../household-invites.ts';
import { reclaimReleasedSeats } from '../seat-holds.ts';
import { shownWaiverVersion } from '../waivers.ts';
import { plansIn } from './plan-texts.ts';
import { NO_CLAIM } from './team-dues.ts';

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
  /** Issue 34 (additive): the award taken off this athlete's dues, only when there is one. */
  financial_assistance_cents?: number;
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
  /** Issue 31 point 4: `waiver_es` (additive) is the waiver's Spanish text, only when there is one. */
  /** Issue 32 point 3: `version` is the version of the waiver shown, which the checkout sends as `waiver_version`. */
  waivers: {
    organization_id: number;
    organization_name: string;
    waiver: string;
    waiver_es?: string;
    version: number;
  }[];
  discount: { code: string; percent_off: number | null; flat_discount_cents: number | null } | null;
  sibling_discount_cents: number;
  today_cents: number;
  later_cents: number;
  total_cents: number;
  ready: boolean;
}

function quoteLineJson(line: PricedLine, locale: Locale): QuoteLineJson {
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
    payment_plans: plansIn(locale, line.plans).map((plan) => ({
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
    // Shown beside the athlete as the server wrote it: in the request's language (English: the constant as it is).
    problem: line.problem === null ? null : render(locale, fromEnglish(line.problem)),
    // Issue 34 (additive): the award taken off this athlete's dues, only when there is one.
    ...(line.assistanceCents > 0 ? { financial_assistance_cents: line.assistanceCents } : {}),
  };
}

/** The version of each waiver the quote shows (issue 32 point 3), by organization. */
async function shownVersions(db: AppDeps['db'], priced: Priced): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  for (const { context, waiverVersion } of priced.lines) {
    if (!context?.waiver || versions.has(context.organization.id)) continue;
    // Read with the texts in the quote's own statement (lines.ts `athleteFields`); asked only when no version holds
    // these texts yet (the owner just changed them).
    const version = waiverVersion ?? (await shownWaiverVersion(db, context.organization.id, context));
    if (version !== null) versions.set(context.organization.id, version);
  }
  return versions;
}

async function quoteJson(db: AppDeps['db'], priced: Priced, locale: Locale): Promise<QuoteJson> {
  const versions = await shownVersions(db, priced);
  const athletes = priced.lines.map((line) => quoteLineJson(line, locale));
  const counted = athletes.filter((line) => line.problem === null && line.payment_plan_month !== null);
  const waivers = new Map<number, QuoteJson['waivers'][number]>();
  for (const { context } of priced.lines) {
    const version = context ? versions.get(context.organization.id) : undefined;
    if (context?.waiver && version !== undefined) {
      waivers.set(context.organization.id, {
        organization_id: context.organization.id,
        organization_name: context.organization.name,
        waiver: context.waiver,
        ...waiverEsField(context.waiverEs),
        version,
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

/**
 * The lines priced; an athlete whose held spot was released (issue 30 point 4) and who has no claim now claims the
 * licence again where a seat is left (seat-holds.ts `reclaimReleasedSeats`), as Pay Now does, and is priced again:
 * a family coming back finds its athletes as it left them. The usual quote reads only (no line is unclaimed).
 */
async function pricedForReturn(
  deps: AppDeps,
  body: QuoteRequest,
  caller: Pick<UserRow, 'id'>,
  rowsOf: Parameters<typeof priceLines>[2],
): Promise<Priced> {
  const priced = await priceLines(deps, body, rowsOf);
  const unclaimed = priced.lines.filter((line) => line.problem === NO_CLAIM).map((line) => line.athleteId);
  if (unclaimed.length === 0) return priced;
  await reclaimReleasedSeats(deps, unclaimed, undefined, { quiet: true });
  // The athletes read again: their claims changed.
  return priceLines(deps, body, athleteRows(deps.db, caller.id));
}

/** POST /api/household/quote: the lines and totals of a family checkout (a released hold is claimed again). */
export async function quote(
  deps: AppDeps,
  caller: UserRow,
  body: QuoteRequest,
  locale: Locale = DEFAULT_LOCALE,
): Promise<QuoteJson> {
  requireGuardian(caller);
  return quoteJson(deps.db, await pricedForReturn(deps, body, caller, athleteRows(deps.db, caller.id)), locale);
}

import {
  athleteRows,
  type Priced,
  type PricedLine,
  priceLines,
  type QuoteRequest,
  requireGuardian,
  sessionAthleteRows,
  sum,
} from './lines.ts';
/**
 * POST /api/household/quote for a bearer token not yet checked: the session lookup and the quote's reading in one
 * statement (sessionQuoteStatement). 401 when the token opens no session, 403 for an athlete's session (the texts
 * and the order of the route's authFirst and guardianFirst), then as quote.
 */
export async function quoteForSession(
  deps: AppDeps,
  token: string,
  body: QuoteRequest,
  locale: Locale = DEFAULT_LOCALE,
): Promise<QuoteJson> {
  const ids = body.athletes.map((line) => line.athlete_id);
  const session = await sessionAthleteRows(deps.db, token, ids, deps.now());
  if (!session) throw unauthenticated();
  requireHouseholdGuardian(session.caller);
  const { rows } = session;
  return quoteJson(deps.db, await pricedForReturn(deps, body, session.caller, async () => rows), locale);
}
