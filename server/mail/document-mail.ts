import type { Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Issue 32 point 2: a document the club rejected, to each guardian of the athlete's household in their saved
 * language: 'Your document for {athlete} needs another look', the staff's reason as written, and the way back to
 * /payments to upload again. The log says `logLabel`, never the names.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface DocumentRejectedMail {
  to: string;
  name: string | null;
  athlete: string;
  organization: string;
  team: string;
  document: string;
  reason: string;
  paymentsLink: string;
  locale?: Locale | undefined;
}

export function documentRejectedMail(mail: DocumentRejectedMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const subject = l.t('documents.mailSubject', { athlete: mail.athlete });
  const greeting = l.greeting(mail.name);
  const intro = l.t('documents.mailIntro', {
    organization: mail.organization,
    document: mail.document,
    athlete: mail.athlete,
    team: mail.team,
  });
  const reason = l.t('mail.reason', { reason: mail.reason });
  const action = l.t('documents.mailAction');
  const link = l.link(mail.paymentsLink);
  const textBody = [greeting, '', intro, reason, '', action, link].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(reason)}</p><p>${escapeHtml(action)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { to: mail.to, subject, text: textBody, html, logLabel: 'document-rejected' };
}
