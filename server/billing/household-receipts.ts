/**
 * What a family checkout (issue 20) recorded, as the payer sees it: the stored lines of a household checkout (what
 * the server computed at Pay Now), the `HouseholdReceipt` of the checkout answers (docs/api.md) and the one receipt
 * e-mail of the checkout, listing every athlete with their lines ('Financial assistance' where awarded, issue 34) and
 * the 'Sibling discount' line, to the guardian who paid. The per-athlete receipts of later instalments are the collector's.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { toIsoDate } from '../../src/domain/dates.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type HouseholdCheckoutRow,
  householdCheckouts,
  membershipCards,
  membershipPhases,
  memberships,
  seasons,
  teams,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { siteLink } from '../http/origin.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.ts';
import { cardText, greetingOf, message, scheduleLines } from '../mail/billing-mails.ts';
import { mailLanguage, savedLocale } from '../mail/mail-language.ts';
import type { CardSummary } from '../providers/types.ts';
import { planNameFor } from '../services/checkout/index.ts';
import { checkoutMembershipIds } from './household.ts';
import { attachmentsField, remainingByDate } from './phases.ts';

/** One athlete of a household checkout as stored at Pay Now (`household_checkouts.lines`): what success records. */
export const storedLineSchema = z.object({
  athleteId: z.number().int(),
  name: z.string(),
  teamId: z.number().int(),
  teamName: z.string(),
  seasonId: z.number().int(),
  seasonName: z.string(),
  licenceId: z.number().int(),
  paymentPlanMonth: z.number().int(),
  discountCode: z.string().nullable(),
  includesProtection: z.boolean(),
  duesCents: z.number().int(),
  codeDiscountCents: z.number().int(),
  siblingDiscountCents: z.number().int(),
  /** Issue 34: the award taken off this athlete's dues (absent: none, as every line stored before). */
  financialAssistanceCents: z.number().int().optional(),
  protectionCents: z.number().int(),
  appFeeCents: z.number().int(),
  todayCents: z.number().int(),
  planTotalCents: z.number().int(),
  laterPhases: z.array(z.object({ dueOn: z.string(), amountCents: z.number().int() })),
});

export type StoredLine = z.infer<typeof storedLineSchema>;

export const storedLinesSchema = z.array(storedLineSchema).min(1);

/** A household checkout's stored lines, validated (a row is never used unparsed). */
export function linesOf(row: Pick<HouseholdCheckoutRow, 'lines'>): StoredLine[] {
  return storedLinesSchema.parse(row.lines);
}

/** The `HouseholdReceipt` of docs/api.md. */
export interface HouseholdReceiptJson {
  checkout_id: string;
  amount_cents: number;
  sibling_discount_cents: number;
  email: string;
  card: CardSummary | null;
  athletes: {
    membership_id: number;
    athlete_id: number;
    name: string;
    team_name: string;
    season_name: string;
    plan_name: string;
    amount_cents: number;
    dues_cents: number;
    code_discount_cents: number;
    sibling_discount_cents: number;
    /** Issue 34: the award taken off this athlete's dues; present only with one. */
    financial_assistance_cents?: number;
    protection_cents: number;
    app_fee_cents: number;
  }[];
  remaining: { due_date: string; amount_cents: number }[];
}

interface ReceiptData {
  receipt: HouseholdReceiptJson;
  payerName: string | null;
  /** The payer's saved language: their receipt's (issue 31). */
  payerLocale: Locale;
  lines: StoredLine[];
}

/** `locale`: the language its `plan_name`s are written in (the page that shows them as they come, issue 31). */
async function receiptData(
  db: Db | Tx,
  checkoutId: number,
  card: CardSummary | null,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ReceiptData | null> {
  const [row] = await db
    .select({
      checkout: householdCheckouts,
      email: users.email,
      payerName: users.name,
      payerLanguage: users.language,
    })
    .from(householdCheckouts)
    .innerJoin(users, eq(users.id, householdCheckouts.payerId))
    .where(eq(householdCheckouts.id, checkoutId));
  if (!row) return null;
  const lines = linesOf(row.checkout);
  const recorded = await db
    .select({
      id: memberships.id,
      userId: memberships.userId,
      status: memberships.status,
      teamName: teams.name,
      seasonName: seasons.name,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(seasons, eq(seasons.id, memberships.seasonId))
    .where(eq(memberships.householdCheckoutId, checkoutId));
  if (recorded.length === 0) return null;
  const ids = recorded.map((membership) => membership.id);
  const phases = await db
    .select()
    .from(membershipPhases)
    .where(inArray(membershipPhases.membershipId, ids))
    .orderBy(asc(membershipPhases.dueOn), asc(membershipPhases.seq));
  let summary = card;
  if (!summary) {
    const [saved] = await db.select().from(membershipCards).where(inArray(membershipCards.membershipId, ids)).limit(1);
    summary = saved ? { brand: saved.brand, last4: saved.last4 } : null;
  }
  const athletes = lines.flatMap((line) => {
    const membership = recorded.find((candidate) => candidate.userId === line.athleteId);
    if (!membership) return [];
    const first = phases.find((phase) => phase.membershipId === membership.id && phase.seq === 0);
    return [
      {
        membership_id: membership.id,
        athlete_id: line.athleteId,
        name: line.name,
        team_name: membership.teamName,
        season_name: membership.seasonName,
        plan_name: planNameFor(locale, line.paymentPlanMonth),
        amount_cents: first?.amountCents ?? line.todayCents,
        dues_cents: line.duesCents,
        code_discount_cents: line.codeDiscountCents,
        sibling_discount_cents: line.siblingDiscountCents,
        ...((line.financialAssistanceCents ?? 0) > 0
          ? { financial_assistance_cents: line.financialAssistanceCents ?? 0 }
          : {}),
        protection_cents: line.protectionCents,
        app_fee_cents: line.appFeeCents,
      },
    ];
  });
  return {
    receipt: {
      checkout_id: row.checkout.publicId,
      amount_cents: athletes.reduce((sum, athlete) => sum + athlete.amount_cents, 0),
      sibling_discount_cents: athletes.reduce((sum, athlete) => sum + athlete.sibling_discount_cents, 0),
      email: row.email ?? '',
      card: summary,
      athletes,
      // Each membership's remaining payments as its own receipt says them, by date for the family.
      remaining: remainingByDate(recorded, phases).map((owed) => ({
        due_date: owed.dueOn,
        amount_cents: owed.amountCents,
      })),
    },
    payerName: row.payerName,
    payerLocale: savedLocale(row.payerLanguage),
    lines,
  };
}

/**
 * The `receipt` of the family checkout answers; null before anything is recorded. Each athlete's `plan_name` is in
 * `locale`, the request's language (issue 31 point 2: the confirmation shows it as it comes); English by default.
 */
export async function householdReceiptJson(
  db: Db | Tx,
  checkoutId: number,
  card: CardSummary | null,
  locale: Locale = DEFAULT_LOCALE,
): Promise<HouseholdReceiptJson | null> {
  return (await receiptData(db, checkoutId, card, locale))?.receipt ?? null;
}

/**
 * The receipt e-mail of a family checkout, to the guardian who paid: every athlete with their lines, in `locale` (the
 * payer's saved language, issue 31; English when absent). `planMonths` (athlete id -> the plan's month) names each
 * plan in that language; an athlete missing from it keeps the receipt's `plan_name`.
 */
export function householdReceiptMail(
  receipt: HouseholdReceiptJson,
  payerName: string | null,
  paidOn: string,
  paymentsLink: string,
  locale?: Locale,
  planMonths: ReadonlyMap<number, number> = new Map(),
) {
  const l = mailLanguage(locale);
  const amount = l.money(receipt.amount_cents);
  const athleteParagraphs = receipt.athletes.map((athlete) => {
    const month = planMonths.get(athlete.athlete_id);
    return [
      `${athlete.name}: ${athlete.team_name}, ${athlete.season_name}`,
      l.t('mailBilling.plan', { plan: month === undefined ? athlete.plan_name : planNameFor(l.locale, month) }),
      l.t('mailBilling.dues', { amount: l.money(athlete.dues_cents) }),
      ...(athlete.code_discount_cents > 0
        ? [l.t('mailBilling.discountCode', { amount: l.money(athlete.code_discount_cents) })]
        : []),
      // Issue 34: the award, after the code and before the sibling discount (as the one-athlete receipt lists it).
      ...((athlete.financial_assistance_cents ?? 0) > 0
        ? [l.t('helpPaying.financialAssistance', { amount: l.money(athlete.financial_assistance_cents ?? 0) })]
        : []),
      ...(athlete.sibling_discount_cents > 0
        ? [l.t('mailBilling.siblingDiscount', { amount: l.money(athlete.sibling_discount_cents) })]
        : []),
      ...(athlete.app_fee_cents > 0 ? [l.t('mailBilling.appFee', { amount: l.money(athlete.app_fee_cents) })] : []),
      ...(athlete.protection_cents > 0
        ? [l.t('mailBilling.protection', { amount: l.money(athlete.protection_cents) })]
        : []),
      l.t('mailBilling.paidToday', { amount: l.money(athlete.amount_cents) }),
    ];
  });
  const names = receipt.athletes.map((a) => a.name);
  // The subject names the athletes: the mailer logs the label instead.
  return {
    ...message(receipt.email, l.t('mailBilling.receiptSubject', { amount, what: l.names(names, '') }), [
      greetingOf(payerName, l),
      [l.t('mailBilling.receiptThanks')],
      [
        l.t('mailBilling.amountPaid', { amount }),
        l.t('mailBilling.date', { date: l.date(paidOn) }),
        l.t('mailBilling.card', { card: receipt.card ? cardText(receipt.card, l) : l.t('mailBilling.cardNone') }),
      ],
      ...athleteParagraphs,
      ...(receipt.sibling_discount_cents > 0
        ? [[l.t('mailBilling.siblingDiscount', { amount: l.money(receipt.sibling_discount_cents) })]]
        : []),
      scheduleLines(
        receipt.remaining.map((p) => ({ dueOn: p.due_date, amountCents: p.amount_cents })),
        l,
      ),
      [l.t('mail.seePayments'), l.link(paymentsLink)],
    ]),
    logLabel: 'household receipt',
  };
}

/** E-mails the one receipt of a family checkout to the guardian who paid (none without an address: logged). */
export async function sendHouseholdReceipt(deps: AppDeps, checkoutId: number, card: CardSummary | null): Promise<void> {
  const data = await receiptData(deps.db, checkoutId, card);
  if (!data?.receipt.email) {
    deps.log.warn({ checkoutId }, 'household receipt not sent: no payer address or nothing recorded');
    return;
  }
  const mail = householdReceiptMail(
    data.receipt,
    data.payerName,
    toIsoDate(deps.now()),
    siteLink(deps.env, '/payments'),
    data.payerLocale,
    new Map(data.lines.map((line) => [line.athleteId, line.paymentPlanMonth])),
  );
  const membershipIds = await checkoutMembershipIds(deps.db, checkoutId);
  // Issue 32 point 3: the signed waivers' PDFs, one per athlete of an organization with a waiver.
  await deps.mailer.send({ ...mail, membershipIds, ...(await attachmentsField(deps, membershipIds)) });
}
