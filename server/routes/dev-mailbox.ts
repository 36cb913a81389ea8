import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { latestOutboxMessages, outboxAttachment } from '../services/mail-outbox.ts';
import { MAILBOX_POLICY, MAILBOX_STYLE } from './dev-mailbox.page.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Escapes the text, then turns http(s) URLs into links (the only markup a message gets). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** Issue 32 point 3: a message's files, each a download link. */
function attachmentLinks(mailId: number, attachments: { filename: string }[] | null): string {
  if (!attachments || attachments.length === 0) return '';
  const links = attachments
    .map(
      (file, index) =>
        `<li><a href="/dev/mailbox/${mailId}/attachments/${index}" download>Download ${escapeHtml(file.filename)}</a></li>`,
    )
    .join('');
  return `\n  <ul class="attachments" aria-label="Attachments">${links}</ul>`;
}

/**
 * /dev/mailbox: the outbox as a page, so a person can finish a password reset without an SMTP server. Never mounted
 * in production.
 */
export function devMailboxRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/dev/mailbox', async (c) => {
    const messages = await latestOutboxMessages(deps.db);
    const items = messages
      .map(
        (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)} · ${escapeHtml(message.createdAt.toISOString())}${
    message.delivery === 'local' ? '' : ` · SMTP: ${escapeHtml(message.delivery)}`
  }</p>
  <pre>${linkify(message.text)}</pre>${attachmentLinks(message.id, message.attachments)}
</article>`,
      )
      .join('\n');
    const body = messages.length > 0 ? items : '<p>No messages yet.</p>';
    const note =
      deps.mailer.kind === 'smtp'
        ? '<p>SMTP_URL is set: new mail is delivered over SMTP by the outbox relay; each shows its delivery state.</p>'
        : '';
    c.header('Content-Security-Policy', MAILBOX_POLICY);
    return c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>${MAILBOX_STYLE}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Outgoing e-mail of this server (newest first). Not available in production.</p>
${note}
${body}
</body>
</html>`);
  });
  // Issue 32 point 3: a message's file, as a download with its type.
  app.get('/dev/mailbox/:mail/attachments/:index', async (c) => {
    const mail = Number(c.req.param('mail'));
    const index = Number(c.req.param('index'));
    if (!Number.isSafeInteger(mail) || !Number.isSafeInteger(index) || mail < 1 || index < 0) {
      return c.text('Not found.', 404);
    }
    const file = await outboxAttachment(deps.db, mail, index);
    if (!file) return c.text('Not found.', 404);
    const safeName = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
    return new Response(Buffer.from(file.base64, 'base64'), {
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${safeName}"`,
        'x-content-type-options': 'nosniff',
      },
    });
  });
  return app;
}
