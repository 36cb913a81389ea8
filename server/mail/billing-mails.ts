import { formatDisplayDate } from '../../src/domain/dates.ts';
import { SIBLING_DISCOUNT_TEXT } from '../../src/domain/household.ts';
import { formatUsd } from '../../src/domain/money.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The payment e-mails of team dues (docs/api.md "Payment e-mails"): a receipt for every successful charge, a failure
 * notice with the update-card link, and a reminder 3 days before each instalment. Plain text first (the HTML part
 * says the same, line for line); every one links to the family's payments page.
 */

export interface BillingMailContext {
  to: string;
  name: string | null;
  teamName: string;
  seasonName: string | null;
  planName: string;
  /** `${PUBLIC_URL}/payments` */
  paymentsLink: string;
}

export interface ScheduledAmount {
  dueOn: string;
  amountCents: number;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa ending in 4242'. */
export function cardText(card: { brand: string; last4: string }): string {
  return `${BRANDS[card.brand] ?? 'Card'} ending in ${card.last4}`;
}

function teamText(context: BillingMailContext): string {
  return context.seasonName ? `${context.teamName}, ${context.seasonName}` : context.teamName;
}

export function scheduleLines(remaining: ScheduledAmount[]): string[] {
  if (remaining.length === 0) return ['Nothing remains to be paid.'];
  return [
    'Remaining schedule:',
    ...remaining.map((p) => `- ${formatDisplayDate(p.dueOn)}: ${formatUsd(p.amountCents)}`),
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The HTML part: each paragraph of the text, links made clickable. */
function htmlOf(paragraphs: string[][]): string {
  return paragraphs
    .map(
      (lines) =>
        `<p>${lines
          .map((line) =>
            /^https?:\/\//.test(line) ? `<a href="${escapeHtml(line)}">${escapeHtml(line)}</a>` : escapeHtml(line),
          )
          .join('<br>')}</p>`,
    )
    .join('');
}

export function message(to: string, subject: string, paragraphs: string[][]): MailMessage {
  return { to, subject, text: paragraphs.map((lines) => lines.join('\n')).join('\n\n'), html: htmlOf(paragraphs) };
}

/** 'Hello Pat Rivera,' (or 'Hello,' without a name). */
export const greetingOf = (name: string | null) => [name ? `Hello ${name},` : 'Hello,'];
const greeting = (context: BillingMailContext) => greetingOf(context.name);

export function receiptMail(
  context: BillingMailContext,
  payment: {
    amountCents: number;
    paidOn: string;
    card: { brand: string; last4: string } | null;
    /** The household discount (issue 20) in the plan's amounts: its own 'Sibling discount' line when not 0. */
    siblingDiscountCents?: number | undefined;
  },
  remaining: ScheduledAmount[],
): MailMessage {
  const amount = formatUsd(payment.amountCents);
  const sibling = payment.siblingDiscountCents ?? 0;
  return message(context.to, `Receipt: ${amount} for ${teamText(context)}`, [
    greeting(context),
    ['Thank you for your payment. This is your receipt.'],
    [
      `Amount paid: ${amount}`,
      `Date: ${formatDisplayDate(payment.paidOn)}`,
      `Team: ${context.teamName}`,
      `Season: ${context.seasonName ?? '-'}`,
      `Plan: ${context.planName}`,
      ...(sibling > 0 ? [`${SIBLING_DISCOUNT_TEXT}: -${formatUsd(sibling)}`] : []),
      `Card: ${payment.card ? cardText(payment.card) : 'none (nothing was charged)'}`,
    ],
    scheduleLines(remaining),
    ['See your payments:', context.paymentsLink],
  ]);
}

export function failureMail(
  context: BillingMailContext,
  failure: {
    amountCents: number;
    dueOn: string;
    card: { brand: string; last4: string } | null;
    reason: string;
    /** The next try, or null after the last one (the instalment is overdue). */
    nextAttemptOn: string | null;
    updateCardLink: string;
  },
): MailMessage {
  const amount = formatUsd(failure.amountCents);
  const card = failure.card ? `your ${cardText(failure.card)}` : 'your card';
  return message(context.to, `Payment failed: ${amount} for ${teamText(context)}`, [
    greeting(context),
    [
      `We could not charge ${card} for the payment of ${amount} due ${formatDisplayDate(failure.dueOn)} (${teamText(context)}, ${context.planName}).`,
      `Reason: ${failure.reason}`,
    ],
    [
      failure.nextAttemptOn
        ? `We will try again on ${formatDisplayDate(failure.nextAttemptOn)}. To pay now, update your card:`
        : 'That was our last try: the payment is now overdue. Please update your card to pay it:',
      failure.updateCardLink,
    ],
    ['See your payments:', context.paymentsLink],
  ]);
}

export function reminderMail(
  context: BillingMailContext,
  instalment: {
    amountCents: number;
    dueOn: string;
    card: { brand: string; last4: string } | null;
    updateCardLink: string;
  },
): MailMessage {
  const amount = formatUsd(instalment.amountCents);
  const date = formatDisplayDate(instalment.dueOn);
  return message(context.to, `Upcoming payment: ${amount} on ${date} for ${teamText(context)}`, [
    greeting(context),
    instalment.card
      ? [
          `Your next payment for ${teamText(context)} (${context.planName}) is ${amount}, charged to your ${cardText(instalment.card)} on ${date}.`,
        ]
      : [
          `Your next payment for ${teamText(context)} (${context.planName}) is ${amount}, due on ${date}. No card is saved for it: please add one:`,
          instalment.updateCardLink,
        ],
    ['See your payments:', context.paymentsLink],
  ]);
}
