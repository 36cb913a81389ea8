import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../log.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the log says instead of the subject, for a subject that names people (e.g. the household invite). */
  logLabel?: string;
  /** The memberships the mail is about (receipts, failure notices, reminders, refunds): the console lists it on theirs. */
  membershipIds?: number[];
  /** Issue 32 point 3: files sent with the mail (the signed waiver's PDF), kept with its outbox row. */
  attachments?: MailAttachment[];
}

/** A file sent with a mail: its name, type and bytes (base64, as the outbox keeps them). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** A file as a transport sends it (nodemailer's shape). */
export interface TransportAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

function transportAttachments(attachments: MailAttachment[] | null | undefined): {
  attachments?: TransportAttachment[];
} {
  if (!attachments || attachments.length === 0) return {};
  return {
    attachments: attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.base64, 'base64'),
    })),
  };
}

/** What the SMTP mailer needs of a transport: nodemailer's, or a fake one in the tests. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments?: TransportAttachment[];
  }): Promise<unknown>;
  close(): void;
}

export interface RelayResult {
  sent: number;
  /** Not delivered this time, scheduled again with a backoff. */
  retried: number;
  /** Given up after MAIL_MAX_ATTEMPTS. */
  failed: number;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Records the mail as a row of mail_outbox (on its own). Over SMTP it then tries to deliver that row at once; an
   * SMTP failure never reaches the caller: the row stays pending and the relay retries it.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Records the mail in the caller's transaction, so a claim (e.g. a reminder's `UPDATE … RETURNING`) and its e-mail
   * commit together, or neither does. Nothing is sent while the transaction is open: over SMTP the relay delivers the
   * row once it is committed.
   */
  sendInTransaction(tx: Tx, message: MailMessage): Promise<void>;
  /**
   * Delivers the pending rows that are due (SMTP only; nothing to do for the outbox mailer). Safe to run in several
   * processes at once: each row is claimed by one of them (`FOR UPDATE SKIP LOCKED`) and sent once.
   */
  relay(now?: Date): Promise<RelayResult>;
  close(): Promise<void>;
}

/** Attempts before a row is given up (`failed`). */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * A claimed row is not claimed again before this (a send that takes longer than nodemailer's timeouts cannot be
 * still running by then); a process that crashed mid-send leaves its rows to be retried after it.
 */
export const MAIL_CLAIM_LEASE_MS = 10 * 60_000;
/** Rows one relay batch claims. */
const RELAY_BATCH = 20;
/** Batches per relay run at most (the next run takes the rest). */
const RELAY_MAX_BATCHES = 5;

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 2 h. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 2 * 3600_000);
}

/** An SMTP error as a code only (e.g. `EENVELOPE 550`): an error's message may quote an address. */
export function mailErrorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const code =
    'code' in error && typeof error.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(error.code) ? error.code : null;
  const response =
    'responseCode' in error && typeof error.responseCode === 'number' ? String(error.responseCode) : null;
  const name = error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
  return [code ?? name, response].filter(Boolean).join(' ');
}

/** Real SMTP through the outbox when SMTP_URL is set; otherwise the outbox only, which /dev/mailbox shows. */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
  db: Db,
  log: Logger,
  options: { transport?: MailTransport } = {},
): Mailer {
  if (env.SMTP_URL || options.transport) {
    const transport = options.transport ?? nodemailer.createTransport(env.SMTP_URL);
    return createSmtpOutboxMailer(db, log, transport, env.MAIL_FROM);
  }
  return createOutboxMailer(db, log);
}

type ClaimedRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  attachments?: MailAttachment[] | null | undefined;
};

function createSmtpOutboxMailer(db: Db, log: Logger, transport: MailTransport, from: string): Mailer {
  /** Delivers one claimed row and records the outcome. */
  const deliver = async (row: ClaimedRow, now: Date, logLabel?: string): Promise<'sent' | 'retried' | 'failed'> => {
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...transportAttachments(row.attachments),
      });
    } catch (error) {
      const giveUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      const code = mailErrorCode(error);
      await db
        .update(mailOutbox)
        .set({
          delivery: giveUp ? 'failed' : 'pending',
          nextAttemptAt: giveUp ? null : new Date(now.getTime() + mailRetryDelayMs(row.attempts)),
          lastError: code,
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.delivery, 'pending')));
      if (giveUp) log.warn({ mailId: row.id, error: code }, 'mail given up after its last attempt');
      else log.info({ mailId: row.id, attempts: row.attempts, error: code }, 'mail not delivered yet: relay retries');
      return giveUp ? 'failed' : 'retried';
    }
    await db
      .update(mailOutbox)
      .set({ delivery: 'sent', sentAt: new Date(), nextAttemptAt: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    log.info({ mailId: row.id, subject: logLabel ?? row.subject }, 'mail sent over SMTP');
    return 'sent';
  };

  const claimBatch = async (now: Date): Promise<ClaimedRow[]> => {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.delivery, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(RELAY_BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_LEASE_MS) })
      .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.delivery, 'pending')))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        attempts: mailOutbox.attempts,
        attachments: mailOutbox.attachments,
      });
  };

  return {
    kind: 'smtp',
    async send({ logLabel, ...message }) {
      // Inserted already claimed (attempt 1, leased), so no relay takes it while this request delivers it.
      const now = new Date();
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...message,
          delivery: 'pending',
          attempts: 1,
          nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_LEASE_MS),
        })
        .returning({ id: mailOutbox.id, attempts: mailOutbox.attempts });
      if (!row) return;
      try {
        await deliver({ ...message, ...row }, now, logLabel);
      } catch (error) {
        // The outcome could not be recorded (the database): the lease runs out and the relay tries again.
        log.error({ err: error, mailId: row.id }, 'mail: delivery outcome not recorded');
      }
    },
    async sendInTransaction(tx, { logLabel, ...message }) {
      await tx.insert(mailOutbox).values({ ...message, delivery: 'pending', nextAttemptAt: new Date() });
      log.info({ subject: logLabel ?? message.subject }, 'mail queued in the outbox for the relay');
    },
    async relay(now = new Date()) {
      const result: RelayResult = { sent: 0, retried: 0, failed: 0 };
      for (let batch = 0; batch < RELAY_MAX_BATCHES; batch += 1) {
        const rows = await claimBatch(now);
        for (const row of rows) result[await deliver(row, now)] += 1;
        if (rows.length < RELAY_BATCH) break;
      }
      return result;
    },
    async close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(db: Db, log: Logger): Mailer {
  return {
    kind: 'outbox',
    async send({ logLabel, ...message }) {
      await db.insert(mailOutbox).values(message);
      log.info({ subject: logLabel ?? message.subject }, 'mail stored in the outbox (no SMTP_URL)');
    },
    async sendInTransaction(tx, { logLabel, ...message }) {
      await tx.insert(mailOutbox).values(message);
      log.info({ subject: logLabel ?? message.subject }, 'mail stored in the outbox (no SMTP_URL)');
    },
    async relay() {
      return { sent: 0, retried: 0, failed: 0 };
    },
    async close() {},
  };
}
