import type { MailMessage } from './mailer.ts';

/**
 * The invitation of a second guardian (POST /api/household/invites, issue 20 point 4): who invites, for which
 * athletes, the single-use link to `/household/join` and how long it works. The subject names people, so the mailer
 * logs `logLabel` instead of it (server/log.ts keeps personal data out of the logs).
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** 'Sam Rivera', 'Sam Rivera and Alex Rivera', 'A, B and C'; 'your athletes' for none. */
export function athleteNamesText(names: readonly string[]): string {
  if (names.length === 0) return 'your athletes';
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const HOUSEHOLD_INVITE_EXPIRY_TEXT = 'This link works once and expires in 7 days.';

export interface HouseholdInviteMail {
  to: string;
  inviteeName: string;
  inviterName: string;
  athleteNames: readonly string[];
  appName: string;
  /** `{PUBLIC_URL}/household/join?token=…` */
  link: string;
}

export function householdInviteMail(mail: HouseholdInviteMail): MailMessage {
  const athletes = athleteNamesText(mail.athleteNames);
  const subject = `${mail.inviterName} invited you to manage ${athletes} on ${mail.appName}`;
  const greeting = `Hello ${mail.inviteeName},`;
  const intro = `${mail.inviterName} invited you to share their household on ${mail.appName}: you will see and pay for ${athletes}, with the same memberships and payment schedules.`;
  const action = 'Open this link to accept (log in or create your account first):';
  const ignore = 'If you did not expect this invitation, ignore this e-mail.';
  const text = [greeting, '', intro, action, mail.link, '', HOUSEHOLD_INVITE_EXPIRY_TEXT, ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(mail.link)}">Accept the invitation</a></p><p>${escapeHtml(HOUSEHOLD_INVITE_EXPIRY_TEXT)} ${escapeHtml(ignore)}</p>`;
  return { to: mail.to, subject, text, html, logLabel: 'household invite' };
}
