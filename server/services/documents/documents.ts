import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { visibleMembership } from '../../billing/phases.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type DocumentContentType,
  type DocumentStatus,
  type MembershipRow,
  membershipDocuments,
  memberships,
  organizations,
  teams,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden, notFound, text } from '../../http/errors.ts';
import { siteLink } from '../../http/origin.ts';
import { english } from '../../i18n/index.ts';
import { documentRejectedMail } from '../../mail/document-mail.ts';
import { writeAudit } from '../admin-audit.ts';
import { athleteHouseholdGuardianIds } from '../households.ts';
import { claimHolderIds } from '../licences.ts';
import { authorize, organizationTarget, type StaffJson } from '../staff/index.ts';
import { checkedDocumentType } from './checks.ts';

/**
 * Proof of age and the club's own documents (issue 32 point 2; docs/architecture.md "Issue 32: proof of age"). A team
 * lists the documents it requires (`teams.required_documents`); a guardian of the athlete uploads each for the
 * membership (checked by checks.ts, stored by the storage adapter under a random key); the organization's owners and
 * registrars approve or reject it from the console's queue. Only this service touches the storage.
 */

const MEMBERSHIP_NOT_FOUND = english('documents.membershipNotFound');
const DOCUMENT_NOT_FOUND = english('documents.documentNotFound');

/** What the family sees of a requirement: 'needed' until a file is uploaded. */
export type FamilyDocumentStatus = 'needed' | DocumentStatus;

export interface FamilyDocumentJson {
  membership_id: number;
  athlete: { id: number; name: string };
  team: { id: number; name: string };
  /** The document's name as the team requires it ('Proof of age'). */
  name: string;
  status: FamilyDocumentStatus;
  document_id: number | null;
  content_type: DocumentContentType | null;
  reject_reason: string | null;
  uploaded_at: string | null;
  reviewed_at: string | null;
  /** The file can be downloaded (false before an upload and once deleted after approval). */
  file_available: boolean;
  /** An approved proof of age locks the athlete's date of birth against the family's edits. */
  dob_locked: boolean;
}

export interface QueueDocumentJson {
  id: number;
  membership_id: number;
  athlete: { id: number; name: string };
  team: { id: number; name: string };
  name: string;
  status: DocumentStatus;
  content_type: DocumentContentType;
  byte_size: number;
  uploaded_at: string;
  reviewed_at: string | null;
  reviewed_by: { id: number; name: string } | null;
  reject_reason: string | null;
  file_available: boolean;
}

/** A downloadable file: bytes with the type its bytes were checked to be. */
export interface DocumentFile {
  bytes: Uint8Array;
  contentType: DocumentContentType;
  fileName: string;
}

const EXTENSIONS: Record<DocumentContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

/** The athlete's guardians may act on a membership; an adult member nobody registered may act on their own. */
async function mayActFor(db: Db | Tx, user: Pick<UserRow, 'id' | 'kind'>, athleteId: number): Promise<boolean> {
  if (user.kind === 'athlete') return false;
  const guardians = await athleteHouseholdGuardianIds(db, athleteId);
  return guardians.includes(user.id) || (guardians.length === 0 && user.id === athleteId);
}

/** The membership when the user is one of its athlete's guardians: 404 outside the household, 403 for its athletes. */
async function guardiansMembership(deps: AppDeps, user: UserRow, membershipId: number): Promise<MembershipRow> {
  const membership = await visibleMembership(deps.db, user, membershipId);
  if (!membership) throw notFound(MEMBERSHIP_NOT_FOUND);
  if (!(await mayActFor(deps.db, user, membership.userId))) throw forbidden(text('documents.guardiansOnly'));
  return membership;
}

/** The document that proves an athlete's age: approving it locks their date of birth (athleteDobLocked). */
export const PROOF_OF_AGE = 'Proof of age';

/**
 * Whether the athlete has an approved proof of age (their date of birth is then locked against the family's edits).
 * A club's own document (a medical form) verifies nothing about the date, so approving it locks nothing.
 */
export async function athleteDobLocked(db: Db | Tx, athleteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: membershipDocuments.id })
    .from(membershipDocuments)
    .innerJoin(memberships, eq(memberships.id, membershipDocuments.membershipId))
    .where(
      and(
        eq(memberships.userId, athleteId),
        eq(membershipDocuments.name, PROOF_OF_AGE),
        eq(membershipDocuments.status, 'approved'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The active memberships among `ids` whose team requires a document not yet approved. */
export async function membershipsNeedingDocuments(db: Db | Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(
      and(
        inArray(memberships.id, [...ids]),
        eq(memberships.status, 'active'),
        sql`exists (select 1 from unnest(${teams.requiredDocuments}) as required(name) where not exists (
          select 1 from ${membershipDocuments} where ${membershipDocuments.membershipId} = ${memberships.id}
          and ${membershipDocuments.name} = required.name and ${membershipDocuments.status} = 'approved'))`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** GET /api/documents: every document the household's active memberships require, with its state. */
export async function familyDocuments(deps: AppDeps, user: UserRow): Promise<{ documents: FamilyDocumentJson[] }> {
  if (user.kind === 'athlete') return { documents: [] };
  const rows = await deps.db
    .select({
      membershipId: memberships.id,
      athleteId: users.id,
      athleteName: sql<string>`coalesce(${users.name}, ${users.username}, '')`,
      teamId: teams.id,
      teamName: teams.name,
      required: teams.requiredDocuments,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(memberships.userId, await claimHolderIds(deps.db, user)),
        eq(memberships.status, 'active'),
        sql`cardinality(${teams.requiredDocuments}) > 0`,
      ),
    )
    .orderBy(asc(memberships.id));
  const mine: typeof rows = [];
  for (const row of rows) if (await mayActFor(deps.db, user, row.athleteId)) mine.push(row);
  if (mine.length === 0) return { documents: [] };
  const uploaded = await deps.db
    .select()
    .from(membershipDocuments)
    .where(
      inArray(
        membershipDocuments.membershipId,
        mine.map((row) => row.membershipId),
      ),
    );
  const lockedAthletes = new Set<number>();
  for (const athleteId of new Set(mine.map((row) => row.athleteId))) {
    if (await athleteDobLocked(deps.db, athleteId)) lockedAthletes.add(athleteId);
  }
  return {
    documents: mine.flatMap((row) =>
      row.required.map((name): FamilyDocumentJson => {
        const doc = uploaded.find(
          (candidate) => candidate.membershipId === row.membershipId && candidate.name === name,
        );
        return {
          membership_id: row.membershipId,
          athlete: { id: row.athleteId, name: row.athleteName },
          team: { id: row.teamId, name: row.teamName },
          name,
          status: doc?.status ?? 'needed',
          document_id: doc?.id ?? null,
          content_type: doc?.contentType ?? null,
          reject_reason: doc?.status === 'rejected' ? doc.rejectReason : null,
          uploaded_at: doc?.uploadedAt.toISOString() ?? null,
          reviewed_at: doc?.reviewedAt?.toISOString() ?? null,
          file_available: Boolean(doc?.storageKey),
          dob_locked: lockedAthletes.has(row.athleteId),
        };
      }),
    ),
  };
}

/**
 * PUT /api/memberships/{id}/documents?name=…: a guardian's upload (the body is the file's bytes). Checked before
 * anything is stored; the new file replaces a pending or rejected one (whose object is then deleted) and waits for
 * review under a new document id, so an approval or rejection sent for the file staff opened never lands on a file
 * they did not see (the old id answers 404). A verified document cannot be replaced (409).
 */
export async function uploadDocument(
  deps: AppDeps,
  user: UserRow,
  membershipId: number,
  name: string,
  bytes: Uint8Array,
): Promise<{ document: FamilyDocumentJson }> {
  const membership = await guardiansMembership(deps, user, membershipId);
  const [team] = await deps.db.select().from(teams).where(eq(teams.id, membership.teamId));
  if (!team || membership.status !== 'active' || !team.requiredDocuments.includes(name)) {
    throw fieldError('name', text('documents.notRequired'));
  }
  const contentType = await checkedDocumentType(bytes);
  const key = await deps.providers.storage.put(bytes, contentType);
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const values = {
        status: 'pending' as const,
        storageKey: key,
        contentType,
        byteSize: bytes.byteLength,
        uploadedBy: user.id,
        uploadedAt: deps.now(),
        reviewedBy: null,
        reviewedAt: null,
        rejectReason: null,
        fileDeletedAt: null,
      };
      const inserted = await tx
        .insert(membershipDocuments)
        .values({ membershipId, name, ...values })
        .onConflictDoNothing()
        .returning({ id: membershipDocuments.id });
      if (inserted.length > 0) return;
      const [existing] = await tx
        .select()
        .from(membershipDocuments)
        .where(and(eq(membershipDocuments.membershipId, membershipId), eq(membershipDocuments.name, name)))
        .for('update');
      if (!existing) throw new Error('membership document vanished');
      if (existing.status === 'approved') throw conflict(text('documents.alreadyApproved'));
      replaced = existing.storageKey;
      // A new file is a new document: staff who opened the old one cannot approve or reject this one by its id.
      const newId = sql<number>`nextval(pg_get_serial_sequence('membership_documents', 'id'))`;
      await tx
        .update(membershipDocuments)
        .set({ ...values, id: newId })
        .where(eq(membershipDocuments.id, existing.id));
    });
  } catch (error) {
    await deps.providers.storage.delete(key);
    throw error;
  }
  if (replaced !== null) await deps.providers.storage.delete(replaced);
  const { documents } = await familyDocuments(deps, user);
  const document = documents.find((doc) => doc.membership_id === membershipId && doc.name === name);
  if (!document) throw new Error('uploaded document not listed');
  return { document };
}

async function fileOf(
  deps: AppDeps,
  doc: { storageKey: string | null; contentType: DocumentContentType; id: number },
): Promise<DocumentFile> {
  const bytes = doc.storageKey === null ? null : await deps.providers.storage.get(doc.storageKey);
  if (bytes === null) throw notFound(text('documents.fileGone'));
  return { bytes, contentType: doc.contentType, fileName: `document-${doc.id}.${EXTENSIONS[doc.contentType]}` };
}

/** GET /api/documents/{id}/file: the file, to the athlete's guardians only (404 to anyone else). */
export async function familyDocumentFile(deps: AppDeps, user: UserRow, documentId: number): Promise<DocumentFile> {
  const [doc] = await deps.db.select().from(membershipDocuments).where(eq(membershipDocuments.id, documentId));
  if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
  const membership = await visibleMembership(deps.db, user, doc.membershipId);
  if (!membership || !(await mayActFor(deps.db, user, membership.userId))) throw notFound(DOCUMENT_NOT_FOUND);
  return fileOf(deps, doc);
}

/** A document with its membership's organization, 404 for one outside the staff member's organizations. */
async function scopedDocument(deps: AppDeps, staff: StaffJson, documentId: number) {
  const [row] = await deps.db
    .select({
      doc: membershipDocuments,
      athleteId: memberships.userId,
      organizationId: teams.organizationId,
      teamName: teams.name,
    })
    .from(membershipDocuments)
    .innerJoin(memberships, eq(memberships.id, membershipDocuments.membershipId))
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(membershipDocuments.id, documentId));
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  authorize(staff, 'verify_documents', organizationTarget(row.organizationId), DOCUMENT_NOT_FOUND);
  return row;
}

async function queueJson(db: Db | Tx, where: ReturnType<typeof and>): Promise<QueueDocumentJson[]> {
  const rows = await db
    .select({
      doc: membershipDocuments,
      athleteId: users.id,
      athleteName: sql<string>`coalesce(${users.name}, ${users.username}, '')`,
      teamId: teams.id,
      teamName: teams.name,
      reviewerName: sql<string | null>`(select name from staff_accounts where id = ${membershipDocuments.reviewedBy})`,
    })
    .from(membershipDocuments)
    .innerJoin(memberships, eq(memberships.id, membershipDocuments.membershipId))
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(membershipDocuments.uploadedAt), asc(membershipDocuments.id));
  return rows.map(({ doc, ...row }) => ({
    id: doc.id,
    membership_id: doc.membershipId,
    athlete: { id: row.athleteId, name: row.athleteName },
    team: { id: row.teamId, name: row.teamName },
    name: doc.name,
    status: doc.status,
    content_type: doc.contentType,
    byte_size: doc.byteSize,
    uploaded_at: doc.uploadedAt.toISOString(),
    reviewed_at: doc.reviewedAt?.toISOString() ?? null,
    reviewed_by:
      doc.reviewedBy !== null && row.reviewerName !== null ? { id: doc.reviewedBy, name: row.reviewerName } : null,
    reject_reason: doc.rejectReason,
    file_available: doc.storageKey !== null,
  }));
}

/** GET /api/admin/organizations/{id}/documents: the documents waiting for review, oldest first, and the setting. */
export async function documentQueue(deps: AppDeps, staff: StaffJson, organizationId: number) {
  authorize(staff, 'verify_documents', organizationTarget(organizationId));
  const [organization] = await deps.db
    .select({ deleteAfter: organizations.deleteDocumentsAfterApproval })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const documents = await queueJson(
    deps.db,
    and(eq(teams.organizationId, organizationId), eq(membershipDocuments.status, 'pending')),
  );
  return { documents, delete_after_approval: organization?.deleteAfter ?? false };
}

/** GET /api/admin/documents/{id}/file */
export async function staffDocumentFile(deps: AppDeps, staff: StaffJson, documentId: number): Promise<DocumentFile> {
  const { doc } = await scopedDocument(deps, staff, documentId);
  return fileOf(deps, doc);
}

async function oneDocument(db: Db | Tx, documentId: number): Promise<QueueDocumentJson> {
  const [document] = await queueJson(db, and(eq(membershipDocuments.id, documentId)));
  if (!document) throw new Error('reviewed document not found');
  return document;
}

/**
 * POST /api/admin/documents/{id}/approve: verified (audited); a rejected document waits for a new upload (409). For a
 * proof of age, the athlete's date of birth is locked from then on (athleteDobLocked) and the audit keeps the date it
 * verified. The athlete's row is locked first, as a change of the date locks it (eligibility `changeBirthDate`): an
 * approval and a change serialise, so a change either lands before the approval (which then verifies the new date)
 * or is refused after it (409). With the organization's setting on, the file is deleted at once; who approved it and
 * when stay.
 */
export async function approveDocument(deps: AppDeps, staff: StaffJson, documentId: number) {
  const { doc, organizationId, athleteId } = await scopedDocument(deps, staff, documentId);
  // Sent twice (a double click, a retry): the approval stands, answered again.
  if (doc.status === 'approved') return { document: await oneDocument(deps.db, doc.id) };
  const now = deps.now();
  let deleteKey: string | null = null;
  await deps.db.transaction(async (tx) => {
    const [athlete] = await tx
      .select({ birthDate: users.birthDate })
      .from(users)
      .where(eq(users.id, athleteId))
      .for('update');
    const [organization] = await tx
      .select({ deleteAfter: organizations.deleteDocumentsAfterApproval })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const deleteFile = organization?.deleteAfter === true;
    const [updated] = await tx
      .update(membershipDocuments)
      .set({
        status: 'approved',
        reviewedBy: staff.id,
        reviewedAt: now,
        rejectReason: null,
        ...(deleteFile ? { storageKey: null, fileDeletedAt: now } : {}),
      })
      .where(and(eq(membershipDocuments.id, doc.id), eq(membershipDocuments.status, 'pending')))
      .returning({ id: membershipDocuments.id });
    if (!updated) throw conflict(text('documents.notPending'));
    if (deleteFile) deleteKey = doc.storageKey;
    await writeAudit(tx, {
      organizationId,
      staffId: staff.id,
      membershipId: doc.membershipId,
      action: 'approve_document',
      before: { document: doc.name, status: doc.status },
      after: {
        document: doc.name,
        status: 'approved',
        file_deleted: deleteFile,
        ...(doc.name === PROOF_OF_AGE ? { birth_date: athlete?.birthDate ?? null } : {}),
      },
      reason: null,
    });
  });
  if (deleteKey !== null) await deps.providers.storage.delete(deleteKey);
  return { document: await oneDocument(deps.db, doc.id) };
}

/**
 * POST /api/admin/documents/{id}/reject: needs another look, with the reason (audited); every guardian of the
 * athlete's household is e-mailed in their language, and the family may upload again.
 */
export async function rejectDocument(deps: AppDeps, staff: StaffJson, documentId: number, reason: string) {
  const { doc, organizationId, athleteId, teamName } = await scopedDocument(deps, staff, documentId);
  // Sent twice: the rejection stands, answered again, and the family is not e-mailed twice.
  if (doc.status === 'rejected') return { document: await oneDocument(deps.db, doc.id) };
  const now = deps.now();
  const guardianIds = await athleteHouseholdGuardianIds(deps.db, athleteId);
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(membershipDocuments)
      .set({ status: 'rejected', reviewedBy: staff.id, reviewedAt: now, rejectReason: reason })
      .where(and(eq(membershipDocuments.id, doc.id), eq(membershipDocuments.status, 'pending')))
      .returning({ id: membershipDocuments.id });
    if (!updated) throw conflict(text('documents.notPending'));
    await writeAudit(tx, {
      organizationId,
      staffId: staff.id,
      membershipId: doc.membershipId,
      action: 'reject_document',
      before: { document: doc.name, status: doc.status },
      after: { document: doc.name, status: 'rejected' },
      reason,
    });
    const [names] = await tx
      .select({
        athlete: sql<string>`coalesce(${users.name}, ${users.username}, '')`,
        organization: organizations.name,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, organizationId))
      .where(eq(users.id, athleteId));
    const recipients = await tx
      .select({ email: users.email, name: users.name, language: users.language })
      .from(users)
      .where(inArray(users.id, guardianIds.length > 0 ? guardianIds : [athleteId]));
    for (const recipient of recipients) {
      if (!recipient.email) continue;
      await deps.mailer.sendInTransaction(tx, {
        ...documentRejectedMail({
          to: recipient.email,
          name: recipient.name,
          athlete: names?.athlete ?? '',
          organization: names?.organization ?? '',
          team: teamName,
          document: doc.name,
          reason,
          paymentsLink: siteLink(deps.env, '/payments'),
          locale: recipient.language,
        }),
        membershipIds: [doc.membershipId],
      });
    }
  });
  return { document: await oneDocument(deps.db, doc.id) };
}

/** PUT /api/admin/organizations/{id}/documents-setting: delete approved files (owners; audited). */
export async function setDocumentSetting(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  deleteAfterApproval: boolean,
) {
  authorize(staff, 'edit_setup', organizationTarget(organizationId));
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: organizations.deleteDocumentsAfterApproval })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    await tx
      .update(organizations)
      .set({ deleteDocumentsAfterApproval: deleteAfterApproval })
      .where(eq(organizations.id, organizationId));
    await writeAudit(tx, {
      organizationId,
      staffId: staff.id,
      membershipId: null,
      action: 'document_setting',
      before: { delete_after_approval: before?.value ?? false },
      after: { delete_after_approval: deleteAfterApproval },
      reason: null,
    });
  });
  return { delete_after_approval: deleteAfterApproval };
}
