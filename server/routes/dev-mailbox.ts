import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { latestOutboxMessages } from '../services/mail-outbox.ts';
import { MAILBOX_POLICY, MAILBOX_STYLE } from './dev-mailbox.page.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Escapes the text, then turns http(s) URLs into links (the only markup a message gets). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
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
  <pre>${linkify(message.text)}</pre>
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
  return app;
}
