/**
 * Issue 34 point 4: paying team dues by check or cash, where the organization accepts it. Pay Now with
 * `payment_method: 'check_or_cash'` (the waiver agreed as for a card) records the membership 'Awaiting payment' with
 * its plan: no intent, no card, every phase owed and never charged by the collector; the seat is held for the
 * organization's days (`memberships.awaiting_payment_until`); the instructions are e-mailed. Staff mark each payment
 * received with the existing offline mark (services/admin-refunds.ts), which sends the receipt; an unpaid hold past its
 * days is released by the held-seat job (services/seat-holds.ts `releaseUnpaidCheckOrCash`).
 */
import { eq } from 'drizzle-orm';
import { toIsoDate } from '../../../src/domain/dates.ts';
import { payerContact } from '../../billing/phases.ts';
import type { Db } from '../../db/client.ts';
import { organizations, seasons, teams, type UserRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden, text } from '../../http/errors.ts';
import { siteLink } from '../../http/origin.ts';
import type { Locale } from '../../i18n/index.ts';
import { awaitingPaymentMail } from '../../mail/help-paying-mail.ts';
import { helpPayingOf } from '../help-paying.ts';
import { LICENCE_TEXTS } from '../licences.ts';
import { planNameFor } from './plan-texts.ts';
import { ALREADY_MEMBER, type RecordLine, recordMembership } from './record.ts';
import type { DuesContext } from './team-dues.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AwaitingPaymentJson {
  membership_id: number;
  amount_due_cents: number;
  total_cents: number;
  plan_name: string;
  instructions: string;
  hold_until: string;
  organization: { id: number; name: string };
}

export interface CheckOrCashTerms {
  instructions: string;
  holdDays: number;
}

/** The organization's check-or-cash terms; 422 on `payment_method` where it does not accept it. */
export async function requireCheckOrCash(db: Db, context: DuesContext): Promise<CheckOrCashTerms> {
  const offer = await helpPayingOf(db, context.organization.id);
  if (!offer?.acceptsCheckOrCash || !offer.checkOrCashInstructions) {
    throw fieldError('payment_method', text('helpPaying.noCheckOrCash'));
  }
  return { instructions: offer.checkOrCashInstructions, holdDays: offer.checkOrCashHoldDays };
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
  const holdUntil = new Date(now.getTime() + terms.holdDays * DAY_MS);
  const recorded = await recordMembership(
    deps.db,
    { ...line, checkOrCash: { holdUntil } },
    { providerId: null, chargeId: null, card: null, at: now, locale, waiver: { required: true } },
  );
  if (recorded.kind === 'season-taken') throw conflict(ALREADY_MEMBER);
  if (recorded.kind === 'unseated') throw forbidden(LICENCE_TEXTS.teamUnavailable);
  const membership = recorded.membership;
  const total = line.todayCents + line.laterPhases.reduce((sum, phase) => sum + phase.amountCents, 0);
  const until = membership.awaitingPaymentUntil ?? holdUntil;
  const organization = await organizationOfTeam(deps, line.teamId);
  if (recorded.created) {
    const contact = await payerContact(deps.db, payer.id);
    if (contact.email) {
      await deps.mailer.send({
        ...awaitingPaymentMail({
          to: contact.email,
          name: contact.name,
          organization: organization.name,
          athlete: payer.name ?? '',
          team: organization.teamName,
          season: organization.seasonName,
          amountCents: line.todayCents,
          instructions: terms.instructions,
          holdUntil: toIsoDate(until),
          planName: planNameFor(contact.locale, line.paymentPlanMonth),
          hasLaterPhases: line.laterPhases.length > 0,
          paymentsLink: siteLink(deps.env, '/payments'),
          locale: contact.locale,
        }),
        membershipIds: [membership.id],
      });
    } else {
      deps.log.warn({ membershipId: membership.id }, 'check or cash instructions not sent: no e-mail address');
    }
  }
  const awaiting: AwaitingPaymentJson = {
    membership_id: membership.id,
    amount_due_cents: line.todayCents,
    total_cents: total,
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
