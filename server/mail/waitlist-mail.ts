import type { MailMessage } from './mailer.ts';

/**
 * The waitlist's offer (issue 21 point 3): a seat opened on a full team and is held for the family for 48 hours; the
 * link opens the licence page with the offer's token (`{PUBLIC_URL}/licenses/CODE?offer=TOKEN`), where the usual
 * claim and payment run. The log says `logLabel`, never the address or the team.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const WAITLIST_OFFER_SUBJECT = (team: string) => `A spot opened on ${team}`;

export interface WaitlistOfferMail {
  to: string;
  guardianName: string | null;
  team: string;
  /** When the held seat goes to the next family, already formatted for people (e.g. 'Nov 28, 2026 at 7:02 PM UTC'). */
  expiresText: string;
  link: string;
}

export function waitlistOfferMail(mail: WaitlistOfferMail): MailMessage {
  const subject = WAITLIST_OFFER_SUBJECT(mail.team);
  const greeting = mail.guardianName ? `Hello ${mail.guardianName},` : 'Hello,';
  const intro = `A spot opened on ${mail.team}, and you are next on its waitlist. We are holding it for you until ${mail.expiresText}.`;
  const action = 'Open this link to register and pay as usual:';
  const after = 'If you do not register by then, the spot goes to the next family on the waitlist.';
  const text = [greeting, '', intro, action, mail.link, '', after].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(mail.link)}">Register now</a></p><p>${escapeHtml(after)}</p>`;
  return { to: mail.to, subject, text, html, logLabel: 'waitlist offer' };
}
