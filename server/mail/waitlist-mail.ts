import { english, type Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The waitlist's offer (issue 21 point 3): a seat opened on a full team and is held for the family for 48 hours; the
 * link opens the licence page with the offer's token (`{PUBLIC_URL}/licenses/CODE?offer=TOKEN`), where the usual
 * claim and payment run. Written in the guardian's saved language (issue 31; English when absent). The log says
 * `logLabel`, never the address or the team.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const WAITLIST_OFFER_SUBJECT = (team: string) => english('mail.waitlistOfferSubject', { team });

export interface WaitlistOfferMail {
  to: string;
  guardianName: string | null;
  team: string;
  /**
   * When the held seat goes to the next family, already formatted for people in the mail's language (e.g. 'Nov 28,
   * 2026, 7:02 PM UTC'; `mailLanguage(locale).instantUtc`).
   */
  expiresText: string;
  link: string;
  /** The guardian's saved language (English when absent). */
  locale?: Locale | undefined;
}

export function waitlistOfferMail(mail: WaitlistOfferMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const subject = l.t('mail.waitlistOfferSubject', { team: mail.team });
  const greeting = l.greeting(mail.guardianName);
  const intro = l.t('mail.waitlistOfferIntro', { team: mail.team, until: mail.expiresText });
  const action = l.t('mail.waitlistOfferAction');
  const after = l.t('mail.waitlistOfferAfter');
  const link = l.link(mail.link);
  const text = [greeting, '', intro, action, link, '', after].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(l.t('mail.waitlistOfferLink'))}</a></p><p>${escapeHtml(after)}</p>`;
  return { to: mail.to, subject, text, html, logLabel: 'waitlist offer' };
}
