import { english, type Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The family's refund e-mail (issue 22 point 4), in the recipient's saved language (issue 31; English when absent):
 * the organization, team and staff's reason stay as written. The log says `logLabel`, never the address or the amount.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const REFUND_SUBJECT = (organization: string) => english('mail.refundSubject', { organization });

export interface RefundMail {
  to: string;
  name: string | null;
  organization: string;
  team: string;
  /** The athlete's name, or null ('your athlete' in the mail's language). */
  athlete: string | null;
  amountCents: number;
  reason: string;
  paymentsLink: string;
  /** The recipient's saved language (English when absent). */
  locale?: Locale | undefined;
}

export function refundMail(mail: RefundMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const organization = mail.organization;
  const subject = l.t('mail.refundSubject', { organization });
  const greeting = l.greeting(mail.name);
  const intro = l.t('mail.refundIntro', {
    organization,
    amount: l.money(mail.amountCents),
    athlete: mail.athlete ?? l.t('mail.yourAthlete'),
    team: mail.team,
  });
  const reason = l.t('mail.reason', { reason: mail.reason });
  const after = l.t('mail.refundAfter');
  const link = l.link(mail.paymentsLink);
  const text = [greeting, '', intro, reason, '', after, link].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(reason)}</p><p>${escapeHtml(after)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { to: mail.to, subject, text, html, logLabel: 'refund' };
}
