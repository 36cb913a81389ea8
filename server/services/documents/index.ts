/** The documents' one door (issue 32 point 2): checks, the family's uploads, the console's queue. */
export { checkedDocumentType, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, pdfHasScript, tooLargeError } from './checks.ts';
export {
  approveDocument,
  athleteDobLocked,
  type DocumentFile,
  documentQueue,
  type FamilyDocumentJson,
  familyDocumentFile,
  familyDocuments,
  membershipsNeedingDocuments,
  PROOF_OF_AGE,
  type QueueDocumentJson,
  rejectDocument,
  setDocumentSetting,
  staffDocumentFile,
  uploadDocument,
} from './documents.ts';
