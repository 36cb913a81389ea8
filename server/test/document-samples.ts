import { deflateSync } from 'node:zlib';

/** Files for the document tests (issue 32 point 2): what a family may upload, and what an attacker tries instead. */

export const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const JPEG = new Uint8Array(
  Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(64, 0x20),
    Buffer.from('ffd9', 'hex'),
  ]),
);

const pdf = (body: string | Buffer) =>
  new Uint8Array(
    Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n', 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
    ]),
  );

export const PDF = pdf('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n');

/** An OpenAction that runs JavaScript. */
export const PDF_WITH_SCRIPT = pdf('3 0 obj\n<< /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>\nendobj\n');

/** The same, its name written with a `#xx` escape. */
export const PDF_WITH_ESCAPED_SCRIPT = pdf(
  '3 0 obj\n<< /OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >> >>\nendobj\n',
);

/** A script inside a compressed object stream, invisible in the file's text. */
export const PDF_WITH_HIDDEN_SCRIPT = pdf(
  Buffer.concat([
    Buffer.from('4 0 obj\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\n', 'latin1'),
    deflateSync(Buffer.from('<< /S /JavaScript /JS (app.alert\\(1\\)) >>', 'latin1')),
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]),
);

/** A Linux executable and a Windows one, as a family would name them 'birth-certificate.pdf'. */
export const ELF = new Uint8Array(
  Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(64, 1)]),
);
export const MZ = new Uint8Array(
  Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58, 0), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(128, 0)]),
);

/** A PDF of exactly `size` bytes (a comment pads it). */
export function pdfOfSize(size: number): Uint8Array {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return new Uint8Array(Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x41), tail]));
}
