import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberships } from './memberships.ts';
import { staffAccounts } from './staff.ts';
import { users } from './users.ts';

export type DocumentStatus = 'pending' | 'approved' | 'rejected';
/** The types an upload may be, as its bytes say (server/services/documents.ts). */
export type DocumentContentType = 'image/png' | 'image/jpeg' | 'application/pdf';

/**
 * A document a team requires of a membership (issue 32 point 2, `teams.required_documents`), once a guardian uploaded
 * it: one row per membership and document name. `storage_key` is the object's random key in the document storage
 * (server/providers/storage); it is null once the file is deleted after approval (the organization's setting), while
 * who approved it and when stay. A rejection keeps its reason until the family uploads again, which replaces the file.
 */
export const membershipDocuments = pgTable(
  'membership_documents',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** The team's name for the document ('Proof of age', or the club's own). */
    name: text('name').notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('pending'),
    storageKey: text('storage_key'),
    contentType: text('content_type').$type<DocumentContentType>().notNull(),
    byteSize: integer('byte_size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('membership_documents_membership_name_key').on(t.membershipId, t.name),
    uniqueIndex('membership_documents_storage_key').on(t.storageKey),
    index('membership_documents_status_idx').on(t.status),
    check('membership_documents_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('membership_documents_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'application/pdf')`),
    check('membership_documents_size_check', sql`${t.byteSize} > 0 and ${t.byteSize} <= 10485760`),
  ],
);
