import { desc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** The newest messages of the outbox (`/dev/mailbox`), newest first. */
export function latestOutboxMessages(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
