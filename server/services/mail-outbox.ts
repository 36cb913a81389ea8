import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** The newest messages of the outbox (`/dev/mailbox`), newest first. */
export function latestOutboxMessages(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** Issue 32 point 3: one file of an outbox message (`/dev/mailbox` offers it for download); null: none such. */
export async function outboxAttachment(db: Db, mailId: number, index: number) {
  const [row] = await db
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, mailId));
  return row?.attachments?.[index] ?? null;
}
