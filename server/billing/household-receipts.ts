/**
 * What a family checkout (issue 20) recorded, as the payer sees it: the stored lines of a household checkout (what
 * the server computed at Pay Now), the `HouseholdReceipt` of the checkout answers (docs/api.md) and the one receipt
 * e-mail of the checkout, listing every athlete with their lines and the 'Sibling discount' line, to the guardian who
 * paid. The per-athlete receipts of later instalments are the collector's.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { formatDisplayDate, toIsoDate } from '../../src/domain/dates.ts';
import { SIBLING_DISCOUNT_TEXT } from '../../src/domain/household.ts';
import { isOwedPhase } from '../../src/domain/membership-figures.ts';
import { formatUsd } from '../../src/domain/money.ts';
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
import { cardText, message, scheduleLines } from '../mail/billing-mails.ts';
import type { CardSummary } from '../providers/types.ts';
import { checkoutMembershipIds } from './household.ts';
import { planName } from './phases.ts';

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
    protection_cents: number;
    app_fee_cents: number;
  }[];
  remaining: { due_date: string; amount_cents: number }[];
}

interface ReceiptData {
  receipt: HouseholdReceiptJson;
  payerName: string | null;
  lines: StoredLine[];
}

async function receiptData(db: Db | Tx, checkoutId: number, card: CardSummary | null): Promise<ReceiptData | null> {
  const [row] = await db
    .select({ checkout: householdCheckouts, email: users.email, payerName: users.name })
    .from(householdCheckouts)
    .innerJoin(users, eq(users.id, householdCheckouts.payerId))
    .where(eq(householdCheckouts.id, checkoutId));
  if (!row) return null;
  const lines = linesOf(row.checkout);
  const recorded = await db
    .select({ id: memberships.id, userId: memberships.userId, teamName: teams.name, seasonName: seasons.name })
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
  const remaining = new Map<string, number>();
  for (const phase of phases) {
    if (!isOwedPhase(phase.status)) continue;
    remaining.set(phase.dueOn, (remaining.get(phase.dueOn) ?? 0) + phase.amountCents);
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
        plan_name: planName(line.paymentPlanMonth),
        amount_cents: first?.amountCents ?? line.todayCents,
        dues_cents: line.duesCents,
        code_discount_cents: line.codeDiscountCents,
        sibling_discount_cents: line.siblingDiscountCents,
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
      remaining: [...remaining.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([dueOn, amountCents]) => ({ due_date: dueOn, amount_cents: amountCents })),
    },
    payerName: row.payerName,
    lines,
  };
}

/** The `receipt` of the family checkout answers; null before anything is recorded. */
export async function householdReceiptJson(
  db: Db | Tx,
  checkoutId: number,
  card: CardSummary | null,
): Promise<HouseholdReceiptJson | null> {
  return (await receiptData(db, checkoutId, card))?.receipt ?? null;
}

/** 'Sam Rivera', 'Sam Rivera and Alex Rivera', 'Sam Rivera, Alex Rivera and Kim Rivera'. */
function namesText(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The receipt e-mail of a family checkout, to the guardian who paid: every athlete with their lines. */
export function householdReceiptMail(
  receipt: HouseholdReceiptJson,
  payerName: string | null,
  paidOn: string,
  paymentsLink: string,
) {
  const amount = formatUsd(receipt.amount_cents);
  const athleteParagraphs = receipt.athletes.map((athlete) => [
    `${athlete.name}: ${athlete.team_name}, ${athlete.season_name}`,
    `Plan: ${athlete.plan_name}`,
    `Dues: ${formatUsd(athlete.dues_cents)}`,
    ...(athlete.code_discount_cents > 0 ? [`Discount code: -${formatUsd(athlete.code_discount_cents)}`] : []),
    ...(athlete.sibling_discount_cents > 0
      ? [`${SIBLING_DISCOUNT_TEXT}: -${formatUsd(athlete.sibling_discount_cents)}`]
      : []),
    ...(athlete.app_fee_cents > 0 ? [`App fee: ${formatUsd(athlete.app_fee_cents)}`] : []),
    ...(athlete.protection_cents > 0 ? [`Injury protection: ${formatUsd(athlete.protection_cents)}`] : []),
    `Paid today: ${formatUsd(athlete.amount_cents)}`,
  ]);
  // The subject names the athletes: the mailer logs the label instead.
  return {
    ...message(receipt.email, `Receipt: ${amount} for ${namesText(receipt.athletes.map((a) => a.name))}`, [
      [payerName ? `Hello ${payerName},` : 'Hello,'],
      ['Thank you for your payment. This is your receipt.'],
      [
        `Amount paid: ${amount}`,
        `Date: ${formatDisplayDate(paidOn)}`,
        `Card: ${receipt.card ? cardText(receipt.card) : 'none (nothing was charged)'}`,
      ],
      ...athleteParagraphs,
      ...(receipt.sibling_discount_cents > 0
        ? [[`${SIBLING_DISCOUNT_TEXT}: -${formatUsd(receipt.sibling_discount_cents)}`]]
        : []),
      scheduleLines(receipt.remaining.map((p) => ({ dueOn: p.due_date, amountCents: p.amount_cents }))),
      ['See your payments:', paymentsLink],
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
  );
  await deps.mailer.send({ ...mail, membershipIds: await checkoutMembershipIds(deps.db, checkoutId) });
}
