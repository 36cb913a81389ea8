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
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends within the caller's transaction, so a claim (e.g. a reminder's `UPDATE … RETURNING`) and its e-mail commit
   * together: the outbox row is inserted by `tx`; over SMTP the message goes out while the transaction is open, and a
   * failed send rolls the claim back for the next run.
   */
  sendInTransaction(tx: Tx, message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Real SMTP when SMTP_URL is set; otherwise the outbox table, which /dev/mailbox shows outside production. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, db: Db, log: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    const send = async ({ logLabel, ...message }: MailMessage) => {
      await transport.sendMail({ from: env.MAIL_FROM, ...message });
      log.info({ subject: logLabel ?? message.subject }, 'mail sent over SMTP');
    };
    return {
      kind: 'smtp',
      send,
      sendInTransaction: (_tx, message) => send(message),
      async close() {
        transport.close();
      },
    };
  }
  return createOutboxMailer(db, log);
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
    async close() {},
  };
}
