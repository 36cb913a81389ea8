import { formatUsd } from '../../src/domain/money.ts';
import type { MailMessage } from './mailer.ts';

/** The family's refund e-mail (issue 22 point 4). The log says `logLabel`, never the address or the amount. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const REFUND_SUBJECT = (organization: string) => `Your refund from ${organization}`;

export interface RefundMail {
  to: string;
  name: string | null;
  organization: string;
  team: string;
  athlete: string;
  amountCents: number;
  reason: string;
  paymentsLink: string;
}

export function refundMail(mail: RefundMail): MailMessage {
  const subject = REFUND_SUBJECT(mail.organization);
  const greeting = mail.name ? `Hello ${mail.name},` : 'Hello,';
  const intro = `${mail.organization} refunded ${formatUsd(mail.amountCents)} of ${mail.athlete}'s ${mail.team} registration to the card it was paid with.`;
  const reason = `Reason: ${mail.reason}`;
  const after = 'It can take 5 to 10 days to appear on your statement. Your payments:';
  const text = [greeting, '', intro, reason, '', after, mail.paymentsLink].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(reason)}</p><p>${escapeHtml(after)} <a href="${escapeHtml(mail.paymentsLink)}">${escapeHtml(mail.paymentsLink)}</a></p>`;
  return { to: mail.to, subject, text, html, logLabel: 'refund' };
}
