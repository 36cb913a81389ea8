import type { Locale } from '../i18n/index.ts';
import { type MailLanguage, mailLanguage, planNameIn } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The payment e-mails of team dues (docs/api.md "Payment e-mails"): a receipt for every successful charge, a failure
 * notice with the update-card link, and a reminder 3 days before each instalment. Plain text first (the HTML part
 * says the same, line for line); every one links to the family's payments page. Each is written in the recipient's
 * language (`locale`, issue 31; English when absent), texts from the `mailBilling` catalogue group.
 */

export interface BillingMailContext {
  to: string;
  name: string | null;
  teamName: string;
  seasonName: string | null;
  planName: string;
  /** `${PUBLIC_URL}/payments` */
  paymentsLink: string;
  /** The recipient's saved language (English when absent). */
  locale?: Locale | undefined;
  /** The membership's plan (`payment_plan_month`): its name in the recipient's language; else `planName` as given. */
  planMonth?: number | undefined;
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

/** 'Visa ending in 4242' ('Visa terminada en 4242'). */
export function cardText(card: { brand: string; last4: string }, language: MailLanguage = mailLanguage()): string {
  const brand = BRANDS[card.brand] ?? language.t('mailBilling.cardNoBrand');
  return language.t('mailBilling.cardEnding', { brand, last4: card.last4 });
}

function teamText(context: BillingMailContext): string {
  return context.seasonName ? `${context.teamName}, ${context.seasonName}` : context.teamName;
}

/** The plan's name in the e-mail's language (as given when the plan's month is not known). */
function planOf(context: BillingMailContext, language: MailLanguage): string {
  return context.planMonth === undefined ? context.planName : planNameIn(language, context.planMonth);
}

export function scheduleLines(remaining: ScheduledAmount[], language: MailLanguage = mailLanguage()): string[] {
  if (remaining.length === 0) return [language.t('mailBilling.nothingRemains')];
  return [
    language.t('mailBilling.remainingSchedule'),
    ...remaining.map((p) => `- ${language.date(p.dueOn)}: ${language.money(p.amountCents)}`),
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

/** 'Hello Pat Rivera,' (or 'Hello,' without a name), in the e-mail's language. */
export const greetingOf = (name: string | null, language: MailLanguage = mailLanguage()) => [language.greeting(name)];

export function receiptMail(
  context: BillingMailContext,
  payment: {
    amountCents: number;
    paidOn: string;
    card: { brand: string; last4: string } | null;
    /** The household discount (issue 20) in the plan's amounts: its own 'Sibling discount' line when not 0. */
    siblingDiscountCents?: number | undefined;
    /** Issue 34: the financial assistance in the amounts: its own 'Financial assistance' line when not 0. */
    financialAssistanceCents?: number | undefined;
  },
  remaining: ScheduledAmount[],
): MailMessage {
  const l = mailLanguage(context.locale);
  const amount = l.money(payment.amountCents);
  const sibling = payment.siblingDiscountCents ?? 0;
  const assistance = payment.financialAssistanceCents ?? 0;
  return message(context.to, l.t('mailBilling.receiptSubject', { amount, what: teamText(context) }), [
    greetingOf(context.name, l),
    [l.t('mailBilling.receiptThanks')],
    [
      l.t('mailBilling.amountPaid', { amount }),
      l.t('mailBilling.date', { date: l.date(payment.paidOn) }),
      l.t('mailBilling.team', { team: context.teamName }),
      l.t('mailBilling.season', { season: context.seasonName ?? '-' }),
      l.t('mailBilling.plan', { plan: planOf(context, l) }),
      ...(assistance > 0 ? [l.t('helpPaying.financialAssistance', { amount: l.money(assistance) })] : []),
      ...(sibling > 0 ? [l.t('mailBilling.siblingDiscount', { amount: l.money(sibling) })] : []),
      l.t('mailBilling.card', { card: payment.card ? cardText(payment.card, l) : l.t('mailBilling.cardNone') }),
    ],
    scheduleLines(remaining, l),
    [l.t('mail.seePayments'), l.link(context.paymentsLink)],
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
  const l = mailLanguage(context.locale);
  const amount = l.money(failure.amountCents);
  const card = failure.card
    ? l.t('mailBilling.yourCard', { card: cardText(failure.card, l) })
    : l.t('mailBilling.yourCardNone');
  const team = teamText(context);
  return message(context.to, l.t('mailBilling.failureSubject', { amount, what: team }), [
    greetingOf(context.name, l),
    [
      l.t('mailBilling.failureBody', { card, amount, date: l.date(failure.dueOn), team, plan: planOf(context, l) }),
      l.t('mail.reason', { reason: l.kept(failure.reason) }),
    ],
    [
      failure.nextAttemptOn
        ? l.t('mailBilling.retry', { date: l.date(failure.nextAttemptOn) })
        : l.t('mailBilling.lastTry'),
      l.link(failure.updateCardLink),
    ],
    [l.t('mail.seePayments'), l.link(context.paymentsLink)],
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
  const l = mailLanguage(context.locale);
  const amount = l.money(instalment.amountCents);
  const date = l.date(instalment.dueOn);
  const team = teamText(context);
  const plan = planOf(context, l);
  return message(context.to, l.t('mailBilling.reminderSubject', { amount, date, what: team }), [
    greetingOf(context.name, l),
    instalment.card
      ? [l.t('mailBilling.reminderCharged', { team, plan, amount, card: cardText(instalment.card, l), date })]
      : [l.t('mailBilling.reminderNoCard', { team, plan, amount, date }), l.link(instalment.updateCardLink)],
    [l.t('mail.seePayments'), l.link(context.paymentsLink)],
  ]);
}
