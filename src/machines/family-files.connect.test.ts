import { afterEach, describe, expect, it } from 'vitest';
import { attachmentName } from '../api/download';
import { setLocale } from '../i18n/runtime';
import { familyFileRows } from './family-files.connect';

const signed = { id: 21, team_name: '12U Sharks', athlete_name: 'Sam Rivera', waiver_signed: true };
const doc = {
  membership_id: 21,
  athlete: { id: 11, name: 'Sam Rivera' },
  team: { id: 9, name: '12U Sharks' },
  name: 'Proof of age',
  status: 'approved' as const,
  document_id: 5,
  file_available: true,
};

afterEach(async () => {
  await setLocale('en');
});

describe("the family's files (issue 32 points 2 and 3)", () => {
  it('offers each signed waiver and each kept upload, named by file and whose', () => {
    const rows = familyFileRows(
      [signed, { ...signed, id: 22, waiver_signed: false }, { ...signed, id: 23, waiver_signed: undefined }],
      [doc],
    );
    expect(rows.map((row) => [row.file, row.label, row.name])).toEqual([
      [
        { kind: 'waiver', membershipId: 21 },
        'Download the signed waiver (PDF)',
        'Download the signed waiver (PDF) for Sam Rivera, 12U Sharks',
      ],
      [
        { kind: 'document', documentId: 5 },
        'Download Proof of age',
        'Download Proof of age for Sam Rivera, 12U Sharks',
      ],
    ]);
  });

  it('leaves out documents not uploaded or deleted after approval, and names an own membership by its team', () => {
    const rows = familyFileRows(
      [{ ...signed, athlete_name: null }],
      [
        { ...doc, status: 'needed', document_id: null, file_available: false },
        { ...doc, document_id: 6, file_available: false },
      ],
    );
    expect(rows.map((row) => row.name)).toEqual(['Download the signed waiver (PDF) for 12U Sharks']);
  });

  it('speaks Spanish in Spanish', async () => {
    await setLocale('es');
    expect(familyFileRows([signed], [])[0]?.name).toBe(
      'Descargar la exención de responsabilidad firmada (PDF) de Sam Rivera, 12U Sharks',
    );
  });

  it("keeps the server's file name, never a path", () => {
    expect(attachmentName('attachment; filename="waiver-21-v2.pdf"', 'x.pdf')).toBe('waiver-21-v2.pdf');
    expect(attachmentName('attachment; filename="../etc/passwd"', 'x.pdf')).toBe('x.pdf');
    expect(attachmentName(null, 'document-5')).toBe('document-5');
  });
});
