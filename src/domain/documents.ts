/**
 * Issue 32 point 2: what a family may upload as a required document, one copy for the site's check before sending and
 * the server's (server/services/documents/checks.ts reads the file's bytes; the site only knows its size).
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The file input's `accept`: a hint to the picker only, never trusted. */
export const DOCUMENT_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

/** Why the site refuses a file before sending it: none chosen, or over 10 MB. */
export type DocumentPick = 'none' | 'tooLarge' | 'ok';

export function documentPick(file: { size: number } | null): DocumentPick {
  if (file === null || file.size === 0) return 'none';
  return file.size > MAX_DOCUMENT_BYTES ? 'tooLarge' : 'ok';
}

/**
 * The document every age rule asks for, by its stored name (not a text of the catalogue: the name a club gives a
 * document is data); the team form offers it as a checkbox (the club names any other).
 */
export const PROOF_OF_AGE = 'Proof of age';
