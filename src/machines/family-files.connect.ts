/**
 * The views' window on family-files.machine.ts (/payments, issue 32 points 2 and 3): the family's files to download,
 * from the payments flow's memberships (a signed waiver on record) and the documents flow's list (a file uploaded and
 * still kept), each with its link's accessible name, and the download's state.
 * Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FamilyDocument } from '../api/documents';
import type { FamilyFileRef } from '../api/family-files';
import type { MembershipSummary } from '../api/payments.schemas';
import { t } from '../i18n/runtime';
import type { FamilyDocumentsSnapshot } from './family-documents.connect';
import type { familyFilesMachine } from './family-files.machine';
import type { PaymentsSnapshot } from './payments.connect';

export type FamilyFilesActorRef = ActorRefFrom<typeof familyFilesMachine>;
export type FamilyFilesSnapshot = SnapshotFrom<typeof familyFilesMachine>;

export interface FamilyFileRow {
  key: string;
  file: FamilyFileRef;
  /** The link's visible text. */
  label: string;
  /** Whose it is, said after the label to assistive technology ('for Sam Rivera, 12U Sharks'). */
  whose: string;
  /** Its accessible name: the label, then whose. */
  name: string;
}

export interface FamilyFilesScreen {
  rows: FamilyFileRow[];
  busy: boolean;
  downloaded: boolean;
  errorText: string | null;
}

export type MembershipFiles = Pick<MembershipSummary, 'id' | 'team_name' | 'athlete_name' | 'waiver_signed'>;
export type DocumentFiles = Pick<
  FamilyDocument,
  'membership_id' | 'name' | 'athlete' | 'team' | 'document_id' | 'file_available' | 'status'
>;

/** One row: its visible label starts its accessible name (WCAG 2.5.3), whose follows. */
function row(key: string, file: FamilyFileRef, label: string, whoseText: string): FamilyFileRow {
  const whose = t('familyFiles.forWhose', { whose: whoseText });
  return { key, file, label, whose, name: `${label} ${whose}` };
}

/** The household's files: each signed waiver (per membership), then each uploaded document whose file is kept. */
export function familyFileRows(
  memberships: readonly MembershipFiles[],
  documents: readonly DocumentFiles[],
): FamilyFileRow[] {
  const rows: FamilyFileRow[] = [];
  for (const membership of memberships) {
    if (membership.waiver_signed !== true) continue;
    const whose =
      membership.athlete_name === null
        ? membership.team_name
        : t('familyFiles.whose', { athlete: membership.athlete_name, team: membership.team_name });
    rows.push(
      row(`waiver:${membership.id}`, { kind: 'waiver', membershipId: membership.id }, t('familyFiles.waiver'), whose),
    );
  }
  for (const doc of documents) {
    if (doc.document_id === null || !doc.file_available || doc.status === 'needed') continue;
    rows.push(
      row(
        `document:${doc.document_id}`,
        { kind: 'document', documentId: doc.document_id },
        t('familyFiles.document', { document: doc.name }),
        t('familyFiles.whose', { athlete: doc.athlete.name, team: doc.team.name }),
      ),
    );
  }
  return rows;
}

/** What /payments shows of the files (call it while rendering: texts in the language in use). */
export function familyFilesScreenOf(
  snapshot: FamilyFilesSnapshot,
  memberships: readonly MembershipFiles[],
  documents: readonly DocumentFiles[],
): FamilyFilesScreen {
  return {
    rows: familyFileRows(memberships, documents),
    busy: snapshot.hasTag('busy'),
    downloaded: snapshot.matches('downloaded'),
    errorText: snapshot.matches('failed') ? snapshot.context.error : null,
  };
}

/** The payments flow's memberships (a selector: the same list while it does not change). */
export const membershipsOf = (snapshot: PaymentsSnapshot): readonly MembershipFiles[] => snapshot.context.memberships;

/** The documents flow's list, when the page runs it. */
export const documentsOf = (snapshot: FamilyDocumentsSnapshot | undefined): readonly DocumentFiles[] | undefined =>
  snapshot?.context.documents;
