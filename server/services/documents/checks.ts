import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentContentType } from '../../db/schema/index.ts';
import { ApiError, fieldError, text } from '../../http/errors.ts';

/**
 * What an upload may be (issue 32 point 2): PNG, JPEG or PDF, as its bytes say (file-type reads the magic numbers;
 * the file's name and the client's Content-Type are never asked), up to 10 MB, and a PDF without JavaScript.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPES: readonly DocumentContentType[] = ['image/png', 'image/jpeg', 'application/pdf'];

/** At most this much is inflated while looking inside a PDF's compressed streams; more is refused as a script. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const isDocumentType = (mime: string | undefined): mime is DocumentContentType =>
  DOCUMENT_TYPES.some((type) => type === mime);

/** 413 for a file over the limit (with the field's message, in the `{ message, messages }` shape). */
export function tooLargeError(): ApiError {
  return new ApiError(413, text('documents.tooLarge'), { file: [text('documents.tooLarge')] });
}

/** The checked type of an upload, or the 4xx that refuses it. */
export async function checkedDocumentType(bytes: Uint8Array): Promise<DocumentContentType> {
  if (bytes.byteLength === 0) throw fieldError('file', text('documents.empty'));
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw tooLargeError();
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime;
  if (!isDocumentType(mime)) throw fieldError('file', text('documents.wrongType'));
  if (mime === 'application/pdf' && pdfHasScript(bytes)) throw fieldError('file', text('documents.script'));
  return mime;
}

/** A PDF name's `#xx` escapes written out (`/J#61vaScript` is `/JavaScript`). */
function unescapeNames(source: string): string {
  return source.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A `/JS` or `/JavaScript` name (an action's script, or the document's JavaScript name tree). */
const SCRIPT_NAME = /\/(?:JS|JavaScript)(?![^\s()<>[\]{}/%])/;

function hasScriptName(source: string): boolean {
  return SCRIPT_NAME.test(source) || SCRIPT_NAME.test(unescapeNames(source));
}

/**
 * Whether a PDF holds JavaScript: in its text, or inside a compressed stream (object streams hide dictionaries).
 * Streams that do not inflate are skipped; more than MAX_INFLATED_BYTES inflated counts as a script (refused).
 */
export function pdfHasScript(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const source = buffer.toString('latin1');
  if (hasScriptName(source)) return true;
  let inflated = 0;
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(source); match !== null; match = streamStart.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    streamStart.lastIndex = end;
    let out: Buffer;
    try {
      out = inflateSync(buffer.subarray(start, end), { maxOutputLength: MAX_INFLATED_BYTES - inflated });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return true;
      continue;
    }
    inflated += out.byteLength;
    if (hasScriptName(out.toString('latin1'))) return true;
  }
  return false;
}
