import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type UserRow, waiverAgreements } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { Locale } from '../i18n/index.ts';
import { familyMembershipsWithQuestions } from './team-questions.ts';

/**
 * The family's files on /payments (issue 32 points 2 and 3): GET /api/memberships says of each membership whether a
 * signed waiver is on record (`waiver_signed`), so the page offers its PDF (GET /api/memberships/{id}/waiver.pdf)
 * only where there is one; the uploaded documents come with GET /api/documents (`document_id`, `file_available`).
 */

/** Which of `membershipIds` have a signed waiver on record (an agreement linked to the membership). */
export async function membershipsWithSignedWaiver(db: Db, membershipIds: readonly number[]): Promise<Set<number>> {
  if (membershipIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: waiverAgreements.membershipId })
    .from(waiverAgreements)
    .where(and(isNotNull(waiverAgreements.membershipId), inArray(waiverAgreements.membershipId, [...membershipIds])));
  return new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
}

/** GET /api/memberships: the family's memberships, each saying whether its team asks and whether a waiver is signed. */
export async function familyMembershipsWithFiles(deps: AppDeps, user: UserRow, locale: Locale) {
  const answer = await familyMembershipsWithQuestions(deps, user, locale);
  const signed = await membershipsWithSignedWaiver(
    deps.db,
    answer.memberships.map((membership) => membership.id),
  );
  return {
    memberships: answer.memberships.map((membership) => ({ ...membership, waiver_signed: signed.has(membership.id) })),
  };
}
