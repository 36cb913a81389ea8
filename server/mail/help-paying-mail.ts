import type { Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Issue 34: the club's decision on a request for financial assistance, and the instructions for paying by check or
 * cash, each to the athlete's guardians (else the athlete) in their saved language. Never the family's reason. The
 * log says the label, never the names.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function message(to: string, subject: string, paragraphs: string[], action: string, link: string, label: string) {
  const textBody = [...paragraphs.flatMap((p) => [p, '']), action, link].join('\n');
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>${escapeHtml(action)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { to, subject, text: textBody, html, logLabel: label };
}

export interface AssistanceDecisionMail {
  to: string;
  name: string | null;
  organization: string;
  athlete: string;
  team: string;
  season: string;
  /** The amount approved in cents; null: declined. */
  approvedCents: number | null;
  /** The club's message with a decline. */
  decisionMessage: string | null;
  /** `{PUBLIC_URL}/continue?license=CODE`: back to the registration. */
  continueLink: string;
  locale?: Locale | undefined;
}

export function assistanceDecisionMail(mail: AssistanceDecisionMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const names = { organization: mail.organization, athlete: mail.athlete, team: mail.team, season: mail.season };
  const paragraphs = [l.greeting(mail.name)];
  if (mail.approvedCents !== null) {
    paragraphs.push(l.t('helpPaying.approved', { ...names, amount: l.money(mail.approvedCents) }));
  } else {
    paragraphs.push(l.t('helpPaying.declined', names));
    if (mail.decisionMessage) paragraphs.push(l.t('helpPaying.message', { message: mail.decisionMessage }));
  }
  return message(
    mail.to,
    l.t('helpPaying.decisionSubject', { organization: mail.organization }),
    paragraphs,
    l.t('helpPaying.continue'),
    l.link(mail.continueLink),
    'assistance decision',
  );
}

/** One athlete of a registration by check or cash (one for the spec's path, each athlete for a family checkout). */
export interface AwaitingAthlete {
  athlete: string;
  team: string;
  season: string;
  /** What is due first, in cents. */
  amountCents: number;
  planName: string;
  hasLaterPhases: boolean;
}

export interface AwaitingPaymentMail {
  to: string;
  name: string | null;
  organization: string;
  athletes: AwaitingAthlete[];
  instructions: string;
  /** The last day of the hold (YYYY-MM-DD). */
  holdUntil: string;
  paymentsLink: string;
  locale?: Locale | undefined;
}

/** Issue 34 point 4: the club's instructions, once per registration (a family checkout's athletes in one mail). */
export function awaitingPaymentMail(mail: AwaitingPaymentMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const paragraphs = [
    l.greeting(mail.name),
    ...mail.athletes.map((line) =>
      l.t('helpPaying.awaitingIntro', {
        athlete: line.athlete,
        team: line.team,
        season: line.season,
        organization: mail.organization,
        amount: l.money(line.amountCents),
      }),
    ),
    l.t('helpPaying.awaitingInstructions', { instructions: mail.instructions }),
    l.t('helpPaying.awaitingHold', { date: l.date(mail.holdUntil) }),
  ];
  const plans = new Set(mail.athletes.filter((line) => line.hasLaterPhases).map((line) => line.planName));
  for (const plan of plans) paragraphs.push(l.t('helpPaying.awaitingLater', { plan }));
  return message(
    mail.to,
    l.t('helpPaying.awaitingSubject', { organization: mail.organization }),
    paragraphs,
    l.t('helpPaying.awaitingPayments'),
    l.link(mail.paymentsLink),
    'awaiting payment',
  );
}
