import { english, type Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The invitation of a second guardian (POST /api/household/invites, issue 20 point 4): who invites, for which
 * athletes, the single-use link to `/household/join` and how long it works. The subject names people, so the mailer
 * logs `logLabel` instead of it (server/log.ts keeps personal data out of the logs). Written in `locale` (issue 31):
 * the invitee's saved language when the address has an account, else the inviting guardian's.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** 'Sam Rivera', 'Sam Rivera and Alex Rivera', 'A, B and C'; 'your athletes' for none (in `locale`). */
export function athleteNamesText(names: readonly string[], locale?: Locale): string {
  const l = mailLanguage(locale);
  return l.names(names, l.t('mail.yourAthletes'));
}

export const HOUSEHOLD_INVITE_EXPIRY_TEXT = english('mail.inviteExpiry');

export interface HouseholdInviteMail {
  to: string;
  inviteeName: string;
  inviterName: string;
  athleteNames: readonly string[];
  appName: string;
  /** `{PUBLIC_URL}/household/join?token=…` */
  link: string;
  /** The language the mail is written in (English when absent). */
  locale?: Locale | undefined;
}

export function householdInviteMail(mail: HouseholdInviteMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const athletes = athleteNamesText(mail.athleteNames, l.locale);
  const names = { inviter: mail.inviterName, athletes, app: mail.appName };
  const subject = l.t('mail.householdInviteSubject', names);
  const greeting = l.greeting(mail.inviteeName);
  const intro = l.t('mail.householdInviteIntro', names);
  const action = l.t('mail.householdInviteAction');
  const expiry = l.t('mail.inviteExpiry');
  const ignore = l.t('mail.inviteIgnore');
  const link = l.link(mail.link);
  const text = [greeting, '', intro, action, link, '', expiry, ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(l.t('mail.inviteAccept'))}</a></p><p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`;
  return { to: mail.to, subject, text, html, logLabel: 'household invite' };
}
