import { formatDisplayDate } from '../../src/domain/dates.ts';
import { formatUsd } from '../../src/domain/money.ts';
import { cardText, greetingOf, message, type ScheduledAmount, scheduleLines } from './billing-mails.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The payment e-mails of a family checkout's instalments (issue 20; docs/api.md "E-mails of payment plans"): the
 * phases of one household checkout that fall due on one date are one charge, so each date has one receipt (to the
 * guardian who paid), one failure notice and one reminder (to every guardian of the household), each listing every
 * athlete's part. Same layout and links as the one-athlete e-mails (billing-mails.ts). Their subjects name the athletes,
 * so the mailer logs `logLabel` instead (no personal data in the logs).
 */

/** One athlete's part of a household charge. */
export interface HouseholdMailLine {
  athleteName: string;
  teamName: string;
  seasonName: string | null;
  planName: string;
  amountCents: number;
}

export interface HouseholdMailContext {
  to: string;
  name: string | null;
  lines: HouseholdMailLine[];
  /** `${PUBLIC_URL}/payments` */
  paymentsLink: string;
}

/** 'Sam Rivera', 'Sam Rivera and Alex Rivera', 'A, B and C'. */
export function athleteNames(lines: HouseholdMailLine[]): string {
  const names = [...new Set(lines.map((line) => line.athleteName))];
  if (names.length <= 1) return names[0] ?? 'your athletes';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** '- Sam Rivera (12U Tigers, Spring 2027, 3 monthly payments): $135.00' per athlete. */
function athleteLines(lines: HouseholdMailLine[]): string[] {
  return lines.map((line) => {
    const team = line.seasonName ? `${line.teamName}, ${line.seasonName}` : line.teamName;
    return `- ${line.athleteName} (${team}, ${line.planName}): ${formatUsd(line.amountCents)}`;
  });
}

const total = (context: HouseholdMailContext) => context.lines.reduce((sum, line) => sum + line.amountCents, 0);

export function householdReceiptMail(
  context: HouseholdMailContext,
  payment: { paidOn: string; card: { brand: string; last4: string } | null },
  remaining: ScheduledAmount[],
): MailMessage {
  const amount = formatUsd(total(context));
  return {
    ...message(context.to, `Receipt: ${amount} for ${athleteNames(context.lines)}`, [
      greetingOf(context.name),
      ['Thank you for your payment. This is your receipt.'],
      [
        `Amount paid: ${amount}`,
        `Date: ${formatDisplayDate(payment.paidOn)}`,
        `Card: ${payment.card ? cardText(payment.card) : 'none (nothing was charged)'}`,
      ],
      athleteLines(context.lines),
      scheduleLines(remaining),
      ['See your payments:', context.paymentsLink],
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
  const amount = formatUsd(total(context));
  const card = failure.card ? `the ${cardText(failure.card)}` : 'the saved card';
  return {
    ...message(context.to, `Payment failed: ${amount} for ${athleteNames(context.lines)}`, [
      greetingOf(context.name),
      [`We could not charge ${card} for the payment of ${amount} due ${formatDisplayDate(failure.dueOn)}:`],
      athleteLines(context.lines),
      [`Reason: ${failure.reason}`],
      [
        failure.nextAttemptOn
          ? `We will try again on ${formatDisplayDate(failure.nextAttemptOn)}. To pay now, update the card:`
          : 'That was our last try: the payment is now overdue. Please update the card to pay it:',
        failure.updateCardLink,
      ],
      ['See your payments:', context.paymentsLink],
    ]),
    logLabel: 'household payment failed',
  };
}

export function householdReminderMail(
  context: HouseholdMailContext,
  instalment: { dueOn: string; card: { brand: string; last4: string } | null; updateCardLink: string },
): MailMessage {
  const amount = formatUsd(total(context));
  const date = formatDisplayDate(instalment.dueOn);
  return {
    ...message(context.to, `Upcoming payment: ${amount} on ${date} for ${athleteNames(context.lines)}`, [
      greetingOf(context.name),
      instalment.card
        ? [`Your next payment is ${amount}, charged to the ${cardText(instalment.card)} on ${date}:`]
        : [
            `Your next payment is ${amount}, due on ${date}. No card is saved for it: please add one:`,
            instalment.updateCardLink,
          ],
      athleteLines(context.lines),
      ['See your payments:', context.paymentsLink],
    ]),
    logLabel: 'household payment reminder',
  };
}
