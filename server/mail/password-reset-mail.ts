import type { MailMessage } from './mailer.ts';

/** The forgot-password e-mail (POST /api/auth/password/forgot-password): the single-use link to the reset form. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function passwordResetMail(to: string, name: string | null, link: string): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your account. Open this link to choose a new password:',
    link,
    '',
    'The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>We received a request to reset the password of your account.</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail.</p>`;
  return { to, subject: 'Reset your password', text, html };
}
