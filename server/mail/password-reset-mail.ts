import type { Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The forgot-password e-mail (POST /api/auth/password/forgot-password): the single-use link to the reset form, in the
 * account's saved language (issue 31; English when absent).
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function passwordResetMail(to: string, name: string | null, resetLink: string, locale?: Locale): MailMessage {
  const l = mailLanguage(locale);
  // The reset form opens in the e-mail's language on any device.
  const link = l.link(resetLink);
  const greeting = l.greeting(name);
  const intro = l.t('mail.passwordResetIntro');
  const expiry = l.t('mail.passwordResetExpiry');
  const text = [greeting, '', `${intro} ${l.t('mail.passwordResetAction')}`, link, '', expiry].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(l.t('mail.passwordResetLink'))}</a></p><p>${escapeHtml(expiry)}</p>`;
  return { to, subject: l.t('mail.passwordResetSubject'), text, html };
}
