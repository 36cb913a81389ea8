import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every outgoing e-mail (a transactional outbox, server/mail/mailer.ts). Without SMTP_URL a row stays `local` and
 * /dev/mailbox shows it outside production; with SMTP_URL it is `pending` until the relay delivers it (`sent`), or
 * gives up after a few attempts (`failed`). `next_attempt_at` is when a pending row may be claimed (again): a claim
 * pushes it forward first, so a crashed process's claim is retried later. `last_error` holds an error code only.
 * `membership_ids` tags a mail about memberships.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    delivery: text('delivery', { enum: ['local', 'pending', 'sent', 'failed'] })
      .notNull()
      .default('local'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The memberships the mail is about (a receipt, a failure notice, a reminder, a refund: one, or a household's
     * several), empty for any other mail. The console's membership page lists a membership's mails by it: never
     * another organization's mail to the same family.
     */
    membershipIds: integer('membership_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Issue 32 point 3: files sent with the mail (a signed waiver's PDF), bytes in base64; null: none. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; base64: string }[]>(),
  },
  (table) => [index('mail_outbox_relay_idx').on(table.nextAttemptAt).where(sql`${table.delivery} = 'pending'`)],
);

/**
 * Fixed-window rate-limit counters, in the database so several API processes behind a load balancer share them.
 * `key` is e.g. `login:ip:203.0.113.7` or `login:email:parent@example.com`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
