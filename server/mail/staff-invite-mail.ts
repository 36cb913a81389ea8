import { english, type Locale } from '../i18n/index.ts';
import { mailLanguage } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The invitation of a staff member to an organization's console (POST /api/admin/organizations/{id}/invites, issue 22
 * point 1): who invites, to which organization and role, the single-use link to `/admin/join` and how long it works.
 * The body names people, so the mailer logs `logLabel` instead of the subject (server/log.ts keeps personal data out
 * of the logs). Written in `locale` (issue 31): the invitee's saved language when the address already has a staff
 * account, else the inviting staff member's.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const STAFF_INVITE_EXPIRY_TEXT = english('mail.inviteExpiry');

export interface StaffInviteMail {
  to: string;
  inviteeName: string;
  inviterName: string;
  organizationName: string;
  role: 'owner' | 'registrar' | 'coach';
  /** The coach's team, else null. */
  teamName: string | null;
  /** `{PUBLIC_URL}/admin/join?token=…` */
  link: string;
  /** The language the mail is written in (English when absent). */
  locale?: Locale | undefined;
}

export function staffInviteMail(mail: StaffInviteMail): MailMessage {
  const l = mailLanguage(mail.locale);
  const organization = mail.organizationName;
  const subject = l.t('mail.staffInviteSubject', { organization });
  const greeting = l.greeting(mail.inviteeName);
  const what =
    mail.teamName === null
      ? l.t('mail.staffInviteRole', { role: mail.role })
      : l.t('mail.staffInviteRoleOfTeam', { role: mail.role, team: mail.teamName });
  const intro = l.t('mail.staffInviteIntro', { inviter: mail.inviterName, organization, what });
  const action = l.t('mail.staffInviteAction');
  const expiry = l.t('mail.inviteExpiry');
  const ignore = l.t('mail.inviteIgnore');
  const link = l.link(mail.link);
  const text = [greeting, '', intro, action, link, '', expiry, ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(l.t('mail.inviteAccept'))}</a></p><p>${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`;
  return { to: mail.to, subject, text, html, logLabel: 'staff invite' };
}
