import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Outgoing e-mail when no SMTP server is configured; shown at /dev/mailbox outside production. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window rate-limit counters, in the database so several API processes behind a load balancer share them.
 * `key` is e.g. `login:ip:203.0.113.7` or `login:email:parent@example.com`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
