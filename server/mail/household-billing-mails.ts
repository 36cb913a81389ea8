import type { Locale } from '../i18n/index.ts';
import { cardText, greetingOf, message, type ScheduledAmount, scheduleLines } from './billing-mails.ts';
import { type MailLanguage, mailLanguage, planNameIn } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The payment e-mails of a family checkout's instalments (issue 20; docs/api.md "E-mails of payment plans"): the
 * phases of one household checkout that fall due on one date are one charge, so each date has one receipt (to the
 * guardian who paid), one failure notice and one reminder (to every guardian of the household), each listing every
 * athlete's part. Same layout and links as the one-athlete e-mails (billing-mails.ts), in the recipient's language. Their subjects name the athletes,
 * so the mailer logs `logLabel` instead (no personal data in the logs).
 */

/** One athlete's part of a household charge. */
export interface HouseholdMailLine {
  athleteName: string;
  teamName: string;
  seasonName: string | null;
  planName: string;
  /** The plan's `payment_plan_month`: its name in the recipient's language; else `planName` as given. */
  planMonth?: number | undefined;
  amountCents: number;
}

export interface HouseholdMailContext {
  to: string;
  name: string | null;
  lines: HouseholdMailLine[];
  /** `${PUBLIC_URL}/payments` */
  paymentsLink: string;
  /** The recipient's saved language (English when absent). */
  locale?: Locale | undefined;
}

/** 'Sam Rivera', 'Sam Rivera and Alex Rivera', 'A, B and C'. */
export function athleteNames(lines: HouseholdMailLine[], language: MailLanguage = mailLanguage()): string {
  const names = [...new Set(lines.map((line) => line.athleteName))];
  return language.names(names, language.t('mail.yourAthletes'));
}

/** '- Sam Rivera (12U Tigers, Spring 2027, 3 monthly payments): $135.00' per athlete. */
function athleteLines(lines: HouseholdMailLine[], l: MailLanguage): string[] {
  return lines.map((line) => {
    const team = line.seasonName ? `${line.teamName}, ${line.seasonName}` : line.teamName;
    const plan = line.planMonth === undefined ? line.planName : planNameIn(l, line.planMonth);
    return `- ${line.athleteName} (${team}, ${plan}): ${l.money(line.amountCents)}`;
  });
}

const total = (context: HouseholdMailContext) => context.lines.reduce((sum, line) => sum + line.amountCents, 0);

export function householdReceiptMail(
  context: HouseholdMailContext,
  payment: { paidOn: string; card: { brand: string; last4: string } | null },
  remaining: ScheduledAmount[],
): MailMessage {
  const l = mailLanguage(context.locale);
  const amount = l.money(total(context));
  return {
    ...message(context.to, l.t('mailBilling.receiptSubject', { amount, what: athleteNames(context.lines, l) }), [
      greetingOf(context.name, l),
      [l.t('mailBilling.receiptThanks')],
      [
        l.t('mailBilling.amountPaid', { amount }),
        l.t('mailBilling.date', { date: l.date(payment.paidOn) }),
        l.t('mailBilling.card', { card: payment.card ? cardText(payment.card, l) : l.t('mailBilling.cardNone') }),
      ],
      athleteLines(context.lines, l),
      scheduleLines(remaining, l),
      [l.t('mail.seePayments'), l.link(context.paymentsLink)],
    ]),
    logLabel: 'household receipt',
  };
}

export function householdFailureMail(
  context: HouseholdMailContext,
  failure: {
    dueOn: string;
    card: { brand: string; last4: string } | null;
    reason: string;
    /** The next try, or null after the last one (the instalments are overdue). */
    nextAttemptOn: string | null;
    updateCardLink: string;
  },
): MailMessage {
  const l = mailLanguage(context.locale);
  const amount = l.money(total(context));
  const card = failure.card
    ? l.t('mailBilling.theCard', { card: cardText(failure.card, l) })
    : l.t('mailBilling.theCardNone');
  return {
    ...message(context.to, l.t('mailBilling.failureSubject', { amount, what: athleteNames(context.lines, l) }), [
      greetingOf(context.name, l),
      [l.t('mailBilling.householdFailureBody', { card, amount, date: l.date(failure.dueOn) })],
      athleteLines(context.lines, l),
      [l.t('mail.reason', { reason: l.kept(failure.reason) })],
      [
        failure.nextAttemptOn
          ? l.t('mailBilling.householdRetry', { date: l.date(failure.nextAttemptOn) })
          : l.t('mailBilling.householdLastTry'),
        l.link(failure.updateCardLink),
      ],
      [l.t('mail.seePayments'), l.link(context.paymentsLink)],
    ]),
    logLabel: 'household payment failed',
  };
}

export function householdReminderMail(
  context: HouseholdMailContext,
  instalment: { dueOn: string; card: { brand: string; last4: string } | null; updateCardLink: string },
): MailMessage {
  const l = mailLanguage(context.locale);
  const amount = l.money(total(context));
  const date = l.date(instalment.dueOn);
  return {
    ...message(context.to, l.t('mailBilling.reminderSubject', { amount, date, what: athleteNames(context.lines, l) }), [
      greetingOf(context.name, l),
      instalment.card
        ? [l.t('mailBilling.householdReminderCharged', { amount, card: cardText(instalment.card, l), date })]
        : [l.t('mailBilling.householdReminderNoCard', { amount, date }), l.link(instalment.updateCardLink)],
      athleteLines(context.lines, l),
      [l.t('mail.seePayments'), l.link(context.paymentsLink)],
    ]),
    logLabel: 'household payment reminder',
  };
}
