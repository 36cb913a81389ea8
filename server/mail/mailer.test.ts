import { Writable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createLogger } from '../log.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { MORGAN } from '../test/household-logins.ts';
import { sendJson } from '../test/logging-app.ts';
import {
  createMailer,
  createOutboxMailer,
  MAIL_CLAIM_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  type MailMessage,
  type MailTransport,
  mailRetryDelayMs,
} from './mailer.ts';

/**
 * The transactional outbox and its relay (server/mail/mailer.ts) with a fake SMTP transport: every mail is a row of
 * mail_outbox, delivered once; an SMTP failure never reaches the caller and is retried with a backoff; a rolled-back
 * transaction sends nothing; relays running at once (on PostgreSQL, on separate connections) send each row once.
 */

/** A fake SMTP server: records what it accepts; `down` makes it refuse like a server that is unreachable. */
function fakeTransport() {
  const delivered: { to: string; subject: string }[] = [];
  const state = { down: false, attempts: 0 };
  const transport: MailTransport = {
    async sendMail(message) {
      state.attempts += 1;
      // A real send takes a moment: lets concurrent relays interleave.
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (state.down) throw Object.assign(new Error(`connect ECONNREFUSED for ${message.to}`), { code: 'ECONNECTION' });
      delivered.push({ to: message.to, subject: message.subject });
    },
    close() {},
  };
  return { transport, delivered, state };
}

let t: TestApp;
let lines: string[];
beforeEach(async () => {
  t = await createTestApp();
  lines = [];
});
afterEach(() => t.close());

function mailerWith(transport: MailTransport) {
  const log = createLogger(
    { LOG_LEVEL: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Club <club@example.com>' }, t.db, log, { transport });
}

const message = (n: number): MailMessage => ({
  to: `family${n}@example.com`,
  subject: `Relay test ${n}`,
  text: 'Hello',
  html: '<p>Hello</p>',
});
const rows = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.text, 'Hello')).orderBy(asc(mailOutbox.id));
const later = (ms: number) => new Date(Date.now() + ms);

describe('the SMTP mailer through the outbox', () => {
  it('send(): one row, delivered at once and only once', async () => {
    const smtp = fakeTransport();
    const mailer = mailerWith(smtp.transport);
    expect(mailer.kind).toBe('smtp');
    await mailer.send(message(1));
    expect(smtp.delivered).toEqual([{ to: 'family1@example.com', subject: 'Relay test 1' }]);
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ delivery: 'sent', attempts: 1, nextAttemptAt: null, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    // The relay, even much later, finds nothing to send again.
    expect(await mailer.relay(later(24 * 3600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.delivered).toHaveLength(1);
  });

  it('send() with SMTP down: the caller succeeds, the relay retries with a backoff and delivers on recovery', async () => {
    const smtp = fakeTransport();
    smtp.state.down = true;
    const mailer = mailerWith(smtp.transport);
    await expect(mailer.send(message(2))).resolves.toBeUndefined();
    let [row] = await rows();
    expect(row).toMatchObject({ delivery: 'pending', attempts: 1, lastError: 'ECONNECTION' });
    // The log names the row and the error code, never the address.
    expect(lines.join('')).toContain('relay retries');
    expect(lines.join('')).not.toContain('family2@example.com');
    const firstDelay = mailRetryDelayMs(1);
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + firstDelay - 5_000);

    // Not due yet: nothing is claimed.
    expect(await mailer.relay(new Date())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.state.attempts).toBe(1);

    // Due, still down: attempt 2, the next one twice as far away.
    const second = later(firstDelay + 1_000);
    expect(await mailer.relay(second)).toEqual({ sent: 0, retried: 1, failed: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ delivery: 'pending', attempts: 2 });
    expect(row?.nextAttemptAt?.getTime()).toBe(second.getTime() + mailRetryDelayMs(2));
    expect(mailRetryDelayMs(2)).toBe(2 * firstDelay);

    // The server is back: delivered once, and never again.
    smtp.state.down = false;
    const third = new Date(second.getTime() + mailRetryDelayMs(2) + 1_000);
    expect(await mailer.relay(third)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await mailer.relay(new Date(third.getTime() + 24 * 3600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.delivered).toEqual([{ to: 'family2@example.com', subject: 'Relay test 2' }]);
    [row] = await rows();
    expect(row).toMatchObject({ delivery: 'sent', attempts: 3, lastError: null, nextAttemptAt: null });
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} attempts, with a warning naming only the row`, async () => {
    const smtp = fakeTransport();
    smtp.state.down = true;
    const mailer = mailerWith(smtp.transport);
    await mailer.send(message(3));
    let at = Date.now();
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      at += mailRetryDelayMs(attempt - 1) + 1_000;
      const expected = attempt === MAIL_MAX_ATTEMPTS ? { retried: 0, failed: 1 } : { retried: 1, failed: 0 };
      expect(await mailer.relay(new Date(at))).toEqual({ sent: 0, ...expected });
    }
    const [row] = await rows();
    expect(row).toMatchObject({ delivery: 'failed', attempts: MAIL_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(await mailer.relay(new Date(at + 365 * 24 * 3600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.state.attempts).toBe(MAIL_MAX_ATTEMPTS);
    const warning = lines.map((line) => JSON.parse(line)).find((line) => line.level === 40);
    expect(warning).toMatchObject({
      mailId: row?.id,
      error: 'ECONNECTION',
      msg: 'mail given up after its last attempt',
    });
    expect(lines.join('')).not.toContain('family3@example.com');
  });

  it('sendInTransaction: nothing is sent while the transaction is open; a rollback leaves no row and no mail', async () => {
    const smtp = fakeTransport();
    const mailer = mailerWith(smtp.transport);
    await expect(
      t.db.transaction(async (tx) => {
        await mailer.sendInTransaction(tx, message(4));
        expect(smtp.state.attempts).toBe(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows()).toEqual([]);
    expect(await mailer.relay(later(3600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });

    await t.db.transaction(async (tx) => mailer.sendInTransaction(tx, message(5)));
    expect(smtp.state.attempts).toBe(0);
    expect(await rows()).toMatchObject([{ delivery: 'pending', attempts: 0 }]);
    expect(await mailer.relay(later(1_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.delivered).toEqual([{ to: 'family5@example.com', subject: 'Relay test 5' }]);
  });

  it('a claim is leased: a row whose process crashed mid-send is retried after the lease, not before', async () => {
    const smtp = fakeTransport();
    const mailer = mailerWith(smtp.transport);
    await t.db.transaction(async (tx) => mailer.sendInTransaction(tx, message(6)));
    // A process claims the row (attempt 1, leased) and dies before recording anything.
    await t.db.update(mailOutbox).set({ attempts: 1, nextAttemptAt: later(MAIL_CLAIM_LEASE_MS) });
    expect(await mailer.relay(later(MAIL_CLAIM_LEASE_MS - 60_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await mailer.relay(later(MAIL_CLAIM_LEASE_MS + 60_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rows()).toMatchObject([{ delivery: 'sent', attempts: 2 }]);
  });

  it('two relays running at once deliver each row exactly once', async () => {
    const smtp = fakeTransport();
    const first = mailerWith(smtp.transport);
    const second = mailerWith(smtp.transport);
    const count = 45;
    await t.db.transaction(async (tx) => {
      for (let n = 0; n < count; n += 1) await first.sendInTransaction(tx, message(100 + n));
    });
    const at = later(1_000);
    const [a, b] = await Promise.all([first.relay(at), second.relay(at)]);
    expect(a.sent + b.sent).toBe(count);
    expect(smtp.delivered).toHaveLength(count);
    expect(new Set(smtp.delivered.map((mail) => mail.to)).size).toBe(count);
    expect((await rows()).every((row) => row.delivery === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('the household invite answers 201 with SMTP down; its e-mail waits in the outbox for the relay', async () => {
    const smtp = fakeTransport();
    smtp.state.down = true;
    const mailer = mailerWith(smtp.transport);
    const app = createApp({ ...t.deps, mailer });
    const response = await sendJson(app, 'POST', '/api/household/invites', {
      token: await t.tokenFor(MORGAN),
      body: { name: 'Casey Lee', email: 'casey.lee@example.com', relationship: 'Father' },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'casey.lee@example.com'));
    expect(row).toMatchObject({ delivery: 'pending', attempts: 1, lastError: 'ECONNECTION' });
    smtp.state.down = false;
    expect(await mailer.relay(later(mailRetryDelayMs(1) + 1_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.delivered).toEqual([{ to: 'casey.lee@example.com', subject: row?.subject }]);
  });
});

describe('with SMTP, the recorded mail stays visible', () => {
  it('/dev/mailbox lists the SMTP rows with their delivery state', async () => {
    const smtp = fakeTransport();
    const mailer = mailerWith(smtp.transport);
    await mailer.send(message(8));
    smtp.state.down = true;
    await mailer.send(message(9));
    const page = await (await createApp({ ...t.deps, mailer }).request('/dev/mailbox')).text();
    expect(page).toContain('delivered over SMTP by the outbox relay');
    expect(page).toMatch(/family8@example\.com · [^<]* · SMTP: sent/);
    expect(page).toMatch(/family9@example\.com · [^<]* · SMTP: pending/);
  });
});

describe('attachments (issue 32 point 3: the signed waiver with the receipt)', () => {
  const file = {
    filename: 'waiver-1-v1.pdf',
    contentType: 'application/pdf',
    base64: Buffer.from('%PDF-1.7 x').toString('base64'),
  };

  it('the relay hands each file to SMTP as bytes; a mail without files hands none', async () => {
    const sent: { attachments?: { filename: string; contentType: string; content: Buffer }[] }[] = [];
    const transport: MailTransport = {
      async sendMail(mail) {
        sent.push(mail);
      },
      close() {},
    };
    const mailer = mailerWith(transport);
    await mailer.send({ ...message(10), attachments: [file] });
    await mailer.send(message(11));
    expect(sent[0]?.attachments).toEqual([
      { filename: 'waiver-1-v1.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 x') },
    ]);
    expect(sent[1]).not.toHaveProperty('attachments');
    // The relay, retrying a row, sends its files too.
    await t.db.update(mailOutbox).set({ delivery: 'pending', nextAttemptAt: new Date(0) });
    await mailer.relay();
    expect(sent.filter((mail) => mail.attachments?.[0]?.filename === 'waiver-1-v1.pdf')).toHaveLength(2);
  });

  it('/dev/mailbox offers each file for download, with its type; anything else is 404', async () => {
    const mailer = createOutboxMailer(t.db, createLogger({ LOG_LEVEL: 'warn' }));
    await mailer.send({ ...message(12), attachments: [file] });
    const [row] = await rows();
    const app = createApp({ ...t.deps, mailer });
    const page = await (await app.request('/dev/mailbox')).text();
    expect(page).toContain(`href="/dev/mailbox/${row!.id}/attachments/0" download>Download waiver-1-v1.pdf</a>`);
    const download = await app.request(`/dev/mailbox/${row!.id}/attachments/0`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="waiver-1-v1.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).toString('latin1')).toBe('%PDF-1.7 x');
    for (const path of [
      `/dev/mailbox/${row!.id}/attachments/1`,
      '/dev/mailbox/999999/attachments/0',
      '/dev/mailbox/x/attachments/0',
    ]) {
      expect((await app.request(path)).status).toBe(404);
    }
  });
});

describe('the outbox mailer (no SMTP_URL)', () => {
  it('keeps its rows local, for /dev/mailbox, and its relay has nothing to do', async () => {
    const mailer = createMailer(
      { SMTP_URL: undefined, MAIL_FROM: 'x@example.com' },
      t.db,
      createLogger({ LOG_LEVEL: 'silent' }),
    );
    expect(mailer.kind).toBe('outbox');
    await mailer.send(message(7));
    expect(await rows()).toMatchObject([{ delivery: 'local', attempts: 0, nextAttemptAt: null, sentAt: null }]);
    expect(await mailer.relay(later(3600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
  });
});
