import type { MailMessage } from './mailer.ts';

/**
 * The invitation of a staff member to an organization's console (POST /api/admin/organizations/{id}/invites, issue 22
 * point 1): who invites, to which organization and role, the single-use link to `/admin/join` and how long it works.
 * The body names people, so the mailer logs `logLabel` instead of the subject (server/log.ts keeps personal data out
 * of the logs).
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const STAFF_INVITE_EXPIRY_TEXT = 'This link works once and expires in 7 days.';

const ROLE_TEXTS = {
  owner: 'an owner',
  registrar: 'a registrar',
  coach: 'a coach',
} as const;

export interface StaffInviteMail {
  to: string;
  inviteeName: string;
  inviterName: string;
  organizationName: string;
  role: keyof typeof ROLE_TEXTS;
  /** The coach's team, else null. */
  teamName: string | null;
  /** `{PUBLIC_URL}/admin/join?token=…` */
  link: string;
}

export function staffInviteMail(mail: StaffInviteMail): MailMessage {
  const subject = `You are invited to the ${mail.organizationName} console`;
  const greeting = `Hello ${mail.inviteeName},`;
  const what = mail.teamName === null ? ROLE_TEXTS[mail.role] : `${ROLE_TEXTS[mail.role]} of ${mail.teamName}`;
  const intro = `${mail.inviterName} invited you to join ${mail.organizationName} as ${what} in the club's console.`;
  const action = 'Open this link to accept (set your password, or log in if you already have a staff account):';
  const ignore = 'If you did not expect this invitation, ignore this e-mail.';
  const text = [greeting, '', intro, action, mail.link, '', STAFF_INVITE_EXPIRY_TEXT, ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(mail.link)}">Accept the invitation</a></p><p>${escapeHtml(STAFF_INVITE_EXPIRY_TEXT)} ${escapeHtml(ignore)}</p>`;
  return { to: mail.to, subject, text, html, logLabel: 'staff invite' };
}
