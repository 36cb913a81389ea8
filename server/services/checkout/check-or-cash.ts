/**
 * Issue 34 point 4: paying team dues by check or cash, where the organization accepts it. Pay Now with
 * `payment_method: 'check_or_cash'` (the waiver agreed as for a card) records the membership 'Awaiting payment' with
 * its plan: no intent, no card, every phase owed and never charged by the collector; the seat is held for the
 * organization's days (`memberships.awaiting_payment_until`); the instructions are e-mailed. Staff mark each payment
 * received with the existing offline mark (services/admin-refunds.ts), which sends the receipt; an unpaid hold past its
 * days is released by the held-seat job (services/seat-holds.ts `releaseUnpaidCheckOrCash`).
 *
 * The family checkout (household.ts, `payment_method: 'check_or_cash'`) records every athlete the same way in its
 * one transaction (household-record.ts) and shares this file's terms, hold, instructions e-mail (one for the
 * household) and answer.
 */
import { asc, eq } from 'drizzle-orm';
import { toIsoDate } from '../../../src/domain/dates.ts';
import type { HouseholdReceiptJson, StoredLine } from '../../billing/household-receipts.ts';

type ReceiptAthlete = HouseholdReceiptJson['athletes'][number];

import { payerContact } from '../../billing/phases.ts';
import type { Db } from '../../db/client.ts';
import {
  type HouseholdCheckoutRow,
  memberships,
  organizations,
  seasons,
  teams,
  type UserRow,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden, text } from '../../http/errors.ts';
import { siteLink } from '../../http/origin.ts';
import type { Locale } from '../../i18n/index.ts';
import { type AwaitingAthlete, awaitingPaymentMail } from '../../mail/help-paying-mail.ts';
import { helpPayingOf } from '../help-paying.ts';
import { LICENCE_TEXTS } from '../licences.ts';
import { planNameFor } from './plan-texts.ts';
import { ALREADY_MEMBER, type RecordLine, recordMembership } from './record.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The params key of a check-or-cash checkout: no card intent has it, so an open one is cancelled, not kept. */
export const CHECK_OR_CASH_KEY = 'check-or-cash';

export interface AwaitingPaymentJson {
  membership_id: number;
  amount_due_cents: number;
  total_cents: number;
  plan_name: string;
  instructions: string;
  hold_until: string;
  organization: { id: number; name: string };
}

/**
 * A family checkout by check or cash: the totals of every athlete (due first, in all), the club's instructions and
 * hold, and each athlete's membership with its plan (docs/api.md "Family checkout", `awaiting_payment`).
 */
export interface HouseholdAwaitingJson
  extends Pick<
    AwaitingPaymentJson,
    'amount_due_cents' | 'total_cents' | 'instructions' | 'hold_until' | 'organization'
  > {
  /** Each athlete as the family receipt names it, with what it owes first and in all. */
  athletes: (Pick<ReceiptAthlete, 'membership_id' | 'athlete_id' | 'name' | 'team_name' | 'season_name' | 'plan_name'> &
    Pick<AwaitingPaymentJson, 'amount_due_cents' | 'total_cents'>)[];
}

export interface CheckOrCashTerms {
  instructions: string;
  holdDays: number;
}

/** The organization's check-or-cash terms; 422 on `payment_method` where it does not accept it. */
export async function requireCheckOrCash(db: Db, organizationId: number): Promise<CheckOrCashTerms> {
  const offer = await helpPayingOf(db, organizationId);
  if (!offer?.acceptsCheckOrCash || !offer.checkOrCashInstructions) {
    throw fieldError('payment_method', text('helpPaying.noCheckOrCash'));
  }
  return { instructions: offer.checkOrCashInstructions, holdDays: offer.checkOrCashHoldDays };
}

/** The end of the seat's hold for a registration by check or cash recorded now. */
export function holdUntilOf(now: Date, terms: CheckOrCashTerms): Date {
  return new Date(now.getTime() + terms.holdDays * DAY_MS);
}

/** What one line owes in all (today's phase and the later ones), in cents. */
function lineTotal(line: Pick<RecordLine, 'todayCents' | 'laterPhases'>): number {
  return line.todayCents + line.laterPhases.reduce((sum, phase) => sum + phase.amountCents, 0);
}

/**
 * Whether a family checkout's athlete has anything to pay by check or cash: one whose dues a full discount or a 100 %
 * award took away is recorded as a full discount is (paid, its $0 receipt, no 'Awaiting payment' hold to lose).
 */
export function owesByCheckOrCash(line: Pick<RecordLine, 'todayCents' | 'laterPhases'>): boolean {
  return lineTotal(line) > 0;
}

/**
 * E-mails the club's instructions once for the registration (one athlete, or every athlete of a family checkout) to
 * the payer (an athlete's guardian when the athlete has no address), in their saved language.
 */
async function sendInstructions(
  deps: AppDeps,
  payerId: number,
  organization: string,
  athletes: (Omit<AwaitingAthlete, 'planName'> & { planMonth: number })[],
  terms: CheckOrCashTerms,
  holdUntil: Date,
  membershipIds: number[],
): Promise<void> {
  const contact = await payerContact(deps.db, payerId);
  if (!contact.email) {
    deps.log.warn({ membershipIds }, 'check or cash instructions not sent: no e-mail address');
    return;
  }
  await deps.mailer.send({
    ...awaitingPaymentMail({
      to: contact.email,
      name: contact.name,
      organization,
      athletes: athletes.map(({ planMonth, ...line }) => ({
        ...line,
        planName: planNameFor(contact.locale, planMonth),
      })),
      instructions: terms.instructions,
      holdUntil: toIsoDate(holdUntil),
      paymentsLink: siteLink(deps.env, '/payments'),
      locale: contact.locale,
    }),
    membershipIds,
  });
}

/** Records the membership 'Awaiting payment' and e-mails the instructions (once: a repeat answers the same). */
export async function checkOrCashCheckout(
  deps: AppDeps,
  payer: UserRow,
  line: RecordLine,
  terms: CheckOrCashTerms,
  locale: Locale,
) {
  const now = deps.now();
  const holdUntil = holdUntilOf(now, terms);
  const recorded = await recordMembership(
    deps.db,
    { ...line, checkOrCash: { holdUntil } },
    { providerId: null, chargeId: null, card: null, at: now, locale, waiver: { required: true } },
  );
  if (recorded.kind === 'season-taken') throw conflict(ALREADY_MEMBER);
  if (recorded.kind === 'unseated') throw forbidden(LICENCE_TEXTS.teamUnavailable);
  const membership = recorded.membership;
  const until = membership.awaitingPaymentUntil ?? holdUntil;
  const organization = await organizationOfTeam(deps, line.teamId);
  if (recorded.created) {
    const athlete = {
      athlete: payer.name ?? '',
      team: organization.teamName,
      season: organization.seasonName,
      amountCents: line.todayCents,
      planMonth: line.paymentPlanMonth,
      hasLaterPhases: line.laterPhases.length > 0,
    };
    await sendInstructions(deps, payer.id, organization.name, [athlete], terms, until, [membership.id]);
  }
  const awaiting: AwaitingPaymentJson = {
    membership_id: membership.id,
    amount_due_cents: line.todayCents,
    total_cents: lineTotal(line),
    plan_name: planNameFor(locale, line.paymentPlanMonth),
    instructions: terms.instructions,
    hold_until: until.toISOString(),
    organization: { id: organization.id, name: organization.name },
  };
  return {
    client_secret: null,
    payment_intent_id: null,
    setup_intent_id: null,
    payment_complete: 1 as const,
    receipt: null,
    awaiting_payment: awaiting,
  };
}

/**
 * A family checkout recorded by check or cash (household-record.ts), answered: every athlete 'Awaiting payment' with
 * its plan; `created`: recorded by this call, which e-mails the instructions once for the household. Null when the
 * checkout's memberships are not by check or cash (a card or a full discount).
 */
export async function householdAwaiting(
  deps: AppDeps,
  row: HouseholdCheckoutRow,
  lines: StoredLine[],
  terms: CheckOrCashTerms | null,
  locale: Locale,
  created = false,
): Promise<HouseholdAwaitingJson | null> {
  const recorded = await deps.db
    .select()
    .from(memberships)
    .where(eq(memberships.householdCheckoutId, row.id))
    .orderBy(asc(memberships.id));
  // A checkout by check or cash: some athlete awaits payment (one a full award covered was recorded paid beside them).
  if (!recorded.some((membership) => membership.paysByCheckOrCash)) return null;
  const [organization] = await deps.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  if (!organization) throw new Error(`household checkout ${row.id} lost its organization`);
  // A repeat after the club stopped accepting checks still answers what was recorded (its instructions as they are).
  const instructions = terms ?? {
    instructions: (await helpPayingOf(deps.db, row.organizationId))?.checkOrCashInstructions ?? '',
    holdDays: 0,
  };
  const athletes = lines.flatMap((line) => {
    const membership = recorded.find((candidate) => candidate.userId === line.athleteId);
    return membership ? [{ line, membership }] : [];
  });
  const until = new Date(
    Math.max(...athletes.flatMap(({ membership }) => membership.awaitingPaymentUntil?.getTime() ?? [])),
  );
  if (created) {
    const mailed = athletes
      .filter(({ membership }) => membership.paysByCheckOrCash)
      .map(({ line }) => ({
        athlete: line.name,
        team: line.teamName,
        season: line.seasonName,
        amountCents: line.todayCents,
        planMonth: line.paymentPlanMonth,
        hasLaterPhases: line.laterPhases.length > 0,
      }));
    const ids = athletes
      .filter(({ membership }) => membership.paysByCheckOrCash)
      .map(({ membership }) => membership.id);
    await sendInstructions(deps, row.payerId, organization.name, mailed, instructions, until, ids);
  }
  return {
    amount_due_cents: athletes.reduce((sum, { line }) => sum + line.todayCents, 0),
    total_cents: athletes.reduce((sum, { line }) => sum + lineTotal(line), 0),
    instructions: instructions.instructions,
    hold_until: until.toISOString(),
    organization,
    athletes: athletes.map(({ line, membership }) => ({
      membership_id: membership.id,
      athlete_id: line.athleteId,
      name: line.name,
      team_name: line.teamName,
      season_name: line.seasonName,
      plan_name: planNameFor(locale, line.paymentPlanMonth),
      amount_due_cents: line.todayCents,
      total_cents: lineTotal(line),
    })),
  };
}

async function organizationOfTeam(deps: AppDeps, teamId: number) {
  const [row] = await deps.db
    .select({ id: organizations.id, name: organizations.name, teamName: teams.name, seasonName: seasons.name })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .where(eq(teams.id, teamId));
  if (!row) throw new Error(`team ${teamId} lost its organization`);
  return row;
}
