import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
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
  close(): Promise<void>;
}

/** Real SMTP when SMTP_URL is set; otherwise the outbox table, which /dev/mailbox shows outside production. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, db: Db, log: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      kind: 'smtp',
      async send({ logLabel, ...message }) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
        log.info({ subject: logLabel ?? message.subject }, 'mail sent over SMTP');
      },
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
    async close() {},
  };
}
