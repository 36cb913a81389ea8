import { inflateSync } from 'node:zlib';

/**
 * The text a PDF written by pdf-lib draws (issue 32's signed waiver): every content stream inflated, each `<hex> Tj`
 * decoded (WinAnsi, close enough to Latin-1 for the tests' texts), one string per drawn line.
 */
export function pdfLines(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start === -1) break;
    const dataStart = start + 'stream'.length + (raw[start + 6] === 0x0d ? 2 : 1);
    const end = raw.indexOf('endstream', dataStart, 'latin1');
    if (end === -1) break;
    at = end + 'endstream'.length;
    if (raw.subarray(start - 3, start).toString('latin1') === 'end') continue;
    const data = raw.subarray(dataStart, end);
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return lines;
}

/** The PDF's drawn text as one string (lines joined by spaces), for `toContain`. */
export function pdfText(bytes: Uint8Array): string {
  return pdfLines(bytes).join(' ');
}
