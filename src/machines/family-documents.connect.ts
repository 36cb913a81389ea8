/**
 * The views' window on family-documents.machine.ts (/payments, issue 32 point 2): the memberships that require
 * documents, each with 'Documents needed' until every one is verified, each document's state text, whether it takes a
 * file, and the field's message after a refused upload.
 * Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FamilyDocument } from '../api/documents';
import { t } from '../i18n/runtime';
import type { familyDocumentsMachine } from './family-documents.machine';

export type FamilyDocumentsActorRef = ActorRefFrom<typeof familyDocumentsMachine>;
export type FamilyDocumentsSnapshot = SnapshotFrom<typeof familyDocumentsMachine>;

export interface DocumentRow {
  key: string;
  membershipId: number;
  name: string;
  athlete: string;
  status: string;
  /** Not verified yet: the file field and 'Upload'. */
  takesFile: boolean;
  /** The field's message after a refused upload of this document, else null. */
  error: string | null;
  /** The upload of this document was just accepted. */
  uploaded: boolean;
  uploading: boolean;
}

export interface DocumentGroup {
  membershipId: number;
  title: string;
  /** 'Documents needed' until every document is verified, then 'Documents verified'. */
  badge: string;
  verified: boolean;
  rows: DocumentRow[];
}

export interface FamilyDocumentsScreen {
  loading: boolean;
  failed: boolean;
  errorText: string | null;
  busy: boolean;
  groups: DocumentGroup[];
  /** Every document is uploaded (waiting for review) or verified: the registration's step says 'Continue'. */
  complete: boolean;
}

function statusText(doc: FamilyDocument): string {
  switch (doc.status) {
    case 'needed':
      return t('documents.statusNeeded');
    case 'pending':
      return t('documents.statusPending');
    case 'approved':
      return t('documents.statusApproved');
    case 'rejected':
      return t('documents.statusRejected', { reason: doc.reject_reason ?? '' });
  }
}

/** What /payments shows of the documents; texts in the language in use (call it while rendering). */
export function familyDocumentsScreenOf(snapshot: FamilyDocumentsSnapshot): FamilyDocumentsScreen {
  const { documents, slot, refusal, error } = snapshot.context;
  const isSlot = (doc: FamilyDocument) =>
    slot !== null && slot.membershipId === doc.membership_id && slot.name === doc.name;
  const refusalText =
    refusal === null
      ? null
      : refusal.kind === 'none'
        ? t('documents.noFile')
        : refusal.kind === 'tooLarge'
          ? t('documents.tooLarge')
          : refusal.text;
  const groups: DocumentGroup[] = [];
  for (const doc of documents) {
    let group = groups.find((candidate) => candidate.membershipId === doc.membership_id);
    if (!group) {
      group = {
        membershipId: doc.membership_id,
        title: t('documents.forTeam', { team: doc.team.name, athlete: doc.athlete.name }),
        badge: '',
        verified: true,
        rows: [],
      };
      groups.push(group);
    }
    group.verified &&= doc.status === 'approved';
    group.rows.push({
      key: `${doc.membership_id}:${doc.name}`,
      membershipId: doc.membership_id,
      name: doc.name,
      athlete: doc.athlete.name,
      status: statusText(doc),
      takesFile: doc.status !== 'approved',
      error: snapshot.matches({ ready: 'refused' }) && isSlot(doc) ? refusalText : null,
      uploaded: snapshot.matches({ ready: 'uploaded' }) && isSlot(doc),
      uploading: snapshot.matches('uploading') && isSlot(doc),
    });
  }
  for (const group of groups) group.badge = group.verified ? t('documents.verified') : t('documents.needed');
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    errorText: error,
    busy: snapshot.hasTag('busy'),
    groups,
    complete: documents.every((doc) => doc.status === 'pending' || doc.status === 'approved'),
  };
}
