import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, membershipDocuments, memberships, staffAuditLog, teams, users } from '../db/schema/index.ts';
import { MAX_DOCUMENT_BYTES } from '../services/documents/index.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import {
  ELF,
  JPEG,
  MZ,
  PDF,
  PDF_WITH_ESCAPED_SCRIPT,
  PDF_WITH_HIDDEN_SCRIPT,
  PDF_WITH_SCRIPT,
  PNG,
  pdfOfSize,
} from '../test/document-samples.ts';
import { expectError } from '../test/expect-error.ts';
import { organizationIdNamed, paidSharksMembership, teamIdNamed } from '../test/fixture-ids.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 32 point 2: proof of age. Pat Rivera (parent@example.com) has Sam on 12U Sharks (Lakeside), which requires a
 * 'Proof of age'. The upload is attacked (a renamed executable, 10 MB + 1 byte, a PDF with a script, another
 * household, a coach, another organization's staff): each refused, nothing stored in DATA_DIR/documents.
 */

let t: TestApp;
let dataDir: string;
let membershipId: number;
let parent: string;
let lakeside: number;

const LAKESIDE_REGISTRAR = 'registrar@lakeside.example';
const PROOF = 'Proof of age';

function storedFiles(): string[] {
  const dir = path.join(dataDir, 'documents');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

async function upload(
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  options: { token?: string; membership?: number; name?: string; headers?: Record<string, string> } = {},
) {
  const query = new URLSearchParams({ name: options.name ?? PROOF });
  const response = await t.app.request(`/api/memberships/${options.membership ?? membershipId}/documents?${query}`, {
    method: 'PUT',
    headers: {
      'X-Requested-With': 'website',
      'Content-Type': 'application/pdf',
      Authorization: `Bearer ${options.token ?? parent}`,
      ...options.headers,
    },
    body: bytes,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  const body: unknown = response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body, text };
}

async function staffToken(email: string) {
  return staffTokenFor(t.db, email);
}

async function documentId(): Promise<number> {
  const [row] = await t.db
    .select({ id: membershipDocuments.id })
    .from(membershipDocuments)
    .where(eq(membershipDocuments.membershipId, membershipId));
  if (!row) throw new Error('no document');
  return row.id;
}

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'documents-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  membershipId = await paidSharksMembership(
    t.db,
    await userId(t.db, 'samrivera'),
    await userId(t.db, 'parent@example.com'),
  );
  parent = await t.tokenFor('parent@example.com');
  lakeside = await organizationIdNamed(t.db, 'Lakeside Little League');
});

afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the family uploads a document', () => {
  it("lists 12U Sharks' proof of age as needed, and accepts a PDF, a PNG and a JPEG by their bytes", async () => {
    const before = await t.call('GET', '/api/documents', { token: parent });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      documents: [
        expect.objectContaining({
          membership_id: membershipId,
          athlete: expect.objectContaining({ name: 'Sam Rivera' }),
          team: expect.objectContaining({ name: '12U Sharks' }),
          name: PROOF,
          status: 'needed',
          document_id: null,
          file_available: false,
          dob_locked: false,
        }),
      ],
    });
    const keys = new Set<string | null | undefined>();
    for (const [bytes, type] of [
      [PDF, 'application/pdf'],
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      // The client's Content-Type says something else: the bytes decide.
      const answer = await upload(bytes, { headers: { 'Content-Type': 'text/plain' } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ document: { status: 'pending', content_type: type, file_available: true } });
      // A new upload replaces the file waiting for review: one file stored.
      expect(storedFiles()).toHaveLength(1);
      const [row] = await t.db.select().from(membershipDocuments);
      // 256 random bits, nothing taken from the membership, the athlete or the file's name; a new key each time.
      expect(row?.storageKey).toMatch(/^documents\/[A-Za-z0-9]{43}$/);
      keys.add(row?.storageKey);
    }
    expect(keys.size).toBe(3);
  });

  it('accepts exactly 10 MB', async () => {
    const answer = await upload(pdfOfSize(MAX_DOCUMENT_BYTES));
    expect(answer.status, answer.text).toBe(200);
    expect(storedFiles()).toHaveLength(1);
  });

  it('is on the roster as Documents needed until approved, for the registrar and on /payments', async () => {
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const roster = await t.call('GET', `/api/admin/teams/${sharks}/memberships`, { token: registrar });
    expect(roster.status).toBe(200);
    expect(roster.body).toMatchObject({ memberships: [{ id: membershipId, documents_needed: true }] });
    // A team that requires nothing answers its roster exactly as before: no new field.
    const tigers = await teamIdNamed(t.db, '12U Tigers');
    const owner = await staffToken(STAFF.owner);
    const plain = await t.call('GET', `/api/admin/teams/${tigers}/memberships`, { token: owner });
    expect(JSON.stringify(plain.body)).not.toContain('documents_needed');
  });
});

describe('the upload is attacked: each refused, nothing stored', () => {
  it.each([
    ['an ELF executable named .pdf', ELF, 'Upload a PNG, JPEG or PDF file.'],
    ['a Windows executable named .pdf', MZ, 'Upload a PNG, JPEG or PDF file.'],
    ['a PDF with a JavaScript action', PDF_WITH_SCRIPT, /contains a script/],
    ['a PDF whose script name is escaped', PDF_WITH_ESCAPED_SCRIPT, /contains a script/],
    ['a PDF with a script in a compressed stream', PDF_WITH_HIDDEN_SCRIPT, /contains a script/],
    ['an empty file', new Uint8Array(0), 'Choose a file to upload.'],
    ['plain text', new Uint8Array(Buffer.from('hello, this is not a document')), 'Upload a PNG, JPEG or PDF file.'],
  ])('%s: 422', async (_, bytes, message) => {
    const answer = await upload(bytes, {
      headers: { 'Content-Disposition': 'attachment; filename="birth-certificate.pdf"' },
    });
    const body = expectError(answer, 422);
    expect(body.messages.file?.[0]).toMatch(message);
    expect(storedFiles()).toEqual([]);
    expect(await t.db.select().from(membershipDocuments)).toEqual([]);
  });

  it('10 MB + 1 byte: 413 with the message shape, declared or streamed without a length', async () => {
    const declared = await upload(pdfOfSize(MAX_DOCUMENT_BYTES + 1));
    const body = expectError(declared, 413, 'The file is larger than 10 MB.');
    expect(body.messages.file).toEqual(['The file is larger than 10 MB.']);
    const big = pdfOfSize(MAX_DOCUMENT_BYTES + 1);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < big.byteLength; offset += 1024 * 1024) {
          controller.enqueue(big.subarray(offset, offset + 1024 * 1024));
        }
        controller.close();
      },
    });
    expectError(await upload(stream), 413, 'The file is larger than 10 MB.');
    expect(storedFiles()).toEqual([]);
    expect(await t.db.select().from(membershipDocuments)).toEqual([]);
  });

  it("another household's membership, the athlete's own token, a document the team does not ask for", async () => {
    const other = await t.tokenFor('member@example.com');
    expectError(await upload(PDF, { token: other }), 404, 'Membership not found.');
    const athlete = await t.tokenFor('samrivera');
    expectError(await upload(PDF, { token: athlete }), 403);
    expectError(await upload(PDF, { name: 'Passport' }), 422);
    // Morgan's own membership (12U Tigers) requires nothing.
    const [jordans] = await t.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, await userId(t.db, 'jordanlee')));
    expectError(await upload(PDF, { token: other, membership: jordans?.id ?? 0 }), 422);
    expectError(await upload(PDF, { token: '' }), 401);
    expect(storedFiles()).toEqual([]);
    expect(await t.db.select().from(membershipDocuments)).toEqual([]);
  });

  it("another household, a coach and another organization's staff cannot see the file", async () => {
    expect((await upload(PNG)).status).toBe(200);
    const id = await documentId();
    const other = await t.tokenFor('member@example.com');
    expectError(await t.call('GET', `/api/documents/${id}/file`, { token: other }), 404);
    expectError(await t.call('GET', `/api/documents/${id}/file`, { token: await t.tokenFor('samrivera') }), 404);
    const coach = await staffToken(STAFF.coach);
    expectError(await t.call('GET', `/api/admin/documents/${id}/file`, { token: coach }), 403);
    expectError(await t.call('POST', `/api/admin/documents/${id}/approve`, { token: coach }), 403);
    expectError(await t.call('GET', `/api/admin/organizations/${lakeside}/documents`, { token: coach }), 403);
    const northside = await staffToken(STAFF.owner);
    expectError(await t.call('GET', `/api/admin/documents/${id}/file`, { token: northside }), 404);
    expectError(await t.call('POST', `/api/admin/documents/${id}/approve`, { token: northside }), 404);
    expectError(
      await t.call('POST', `/api/admin/documents/${id}/reject`, { token: northside, body: { reason: 'No.' } }),
      404,
    );
    expectError(await t.call('GET', `/api/admin/organizations/${lakeside}/documents`, { token: northside }), 404);
    // A family session on a console route.
    expectError(await t.call('GET', `/api/admin/documents/${id}/file`, { token: parent }), 403);
    const [row] = await t.db.select().from(membershipDocuments);
    expect(row?.status).toBe('pending');
  });

  it('serves the file as an attachment with its checked type to the guardian and the registrar', async () => {
    expect((await upload(PNG, { headers: { 'Content-Type': 'text/html' } })).status).toBe(200);
    const id = await documentId();
    const mine = await t.app.request(`/api/documents/${id}/file`, { headers: { Authorization: `Bearer ${parent}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(mine.headers.get('content-disposition')).toBe(`attachment; filename="document-${id}.png"`);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(PNG);
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    const staff = await t.app.request(`/api/admin/documents/${id}/file`, {
      headers: { Authorization: `Bearer ${registrar}` },
    });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(staff.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe("the owner sets a team's documents in the team form", () => {
  it('names them on the team (the form of earlier sessions, without them, leaves them as they are)', async () => {
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const [team] = await t.db.select().from(teams).where(eq(teams.id, sharks));
    if (!team) throw new Error('no 12U Sharks');
    const body = {
      name: team.name,
      total_dues_cents: team.totalDuesCents,
      athlete_deposit_cents: team.athleteDepositCents,
      payment_plan_fee_cents: team.paymentPlanFeeCents,
      total_app_fee_cents: team.appFeeCents,
      is_app_fee_itemized: team.isAppFeeItemized,
      plan_months: team.planMonths,
      protection_plan_id: team.protectionPlanId,
    };
    const owner = await staffToken(STAFF.otherOwner);
    const unchanged = await t.call('PUT', `/api/admin/teams/${sharks}`, { token: owner, body });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body).toMatchObject({ team: { required_documents: [PROOF] } });
    const both = await t.call('PUT', `/api/admin/teams/${sharks}`, {
      token: owner,
      body: { ...body, required_documents: [PROOF, 'Medical form'] },
    });
    expect(both.body).toMatchObject({ team: { required_documents: [PROOF, 'Medical form'] } });
    const family = await t.call('GET', '/api/documents', { token: parent });
    expect(family.body).toMatchObject({ documents: [{ name: PROOF }, { name: 'Medical form' }] });
    for (const bad of [[PROOF, PROOF], [''], ['a', 'b', 'c', 'd', 'e', 'f']]) {
      const refused = await t.call('PUT', `/api/admin/teams/${sharks}`, {
        token: owner,
        body: { ...body, required_documents: bad },
      });
      const error = expectError(refused, 422);
      expect(error.messages.required_documents ?? error.messages['required_documents.0']).toBeDefined();
    }
    // The refusal's text is the team form's, in the request's language.
    const tooMany = { ...body, required_documents: ['a', 'b', 'c', 'd', 'e', 'f'] };
    const english = expectError(
      await t.call('PUT', `/api/admin/teams/${sharks}`, { token: owner, body: tooMany }),
      422,
    );
    expect(english.messages.required_documents).toEqual(['Name at most 5 documents, each once.']);
    const spanish = expectError(
      await t.call('PUT', `/api/admin/teams/${sharks}`, {
        token: owner,
        body: tooMany,
        headers: { 'Accept-Language': 'es' },
      }),
      422,
    );
    expect(spanish.messages.required_documents).toEqual(['Indique como máximo 5 documentos, cada uno una sola vez.']);
    // An empty list removes them: the team requires nothing any more.
    const none = await t.call('PUT', `/api/admin/teams/${sharks}`, {
      token: owner,
      body: { ...body, required_documents: [] },
    });
    expect(none.body).toMatchObject({ team: { required_documents: [] } });
    // A registrar reads the set-up but does not edit it.
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    expectError(
      await t.call('PUT', `/api/admin/teams/${sharks}`, {
        token: registrar,
        body: { ...body, required_documents: [] },
      }),
      403,
    );
  });
});

describe('the console verifies', () => {
  it('queues the upload; Approve verifies it, locks the date of birth and is audited', async () => {
    expect((await upload(PDF)).status).toBe(200);
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    const queue = await t.call('GET', `/api/admin/organizations/${lakeside}/documents`, { token: registrar });
    expect(queue.status).toBe(200);
    const id = await documentId();
    expect(queue.body).toMatchObject({
      delete_after_approval: false,
      documents: [
        { id, name: PROOF, status: 'pending', athlete: { name: 'Sam Rivera' }, team: { name: '12U Sharks' } },
      ],
    });
    const approved = await t.call('POST', `/api/admin/documents/${id}/approve`, { token: registrar });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      document: { status: 'approved', reviewed_by: { name: 'Leo Park' }, file_available: true },
    });
    const [audit] = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.membershipId, membershipId))
      .orderBy(desc(staffAuditLog.id));
    expect(audit).toMatchObject({ action: 'approve_document', after: expect.objectContaining({ status: 'approved' }) });
    const family = await t.call('GET', '/api/documents', { token: parent });
    expect(family.body).toMatchObject({ documents: [{ status: 'approved', dob_locked: true }] });
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const roster = await t.call('GET', `/api/admin/teams/${sharks}/memberships`, { token: registrar });
    expect(roster.body).toMatchObject({ memberships: [{ id: membershipId, documents_needed: false }] });
    // Verified: it cannot be replaced or rejected; approving it again answers it as it is.
    expectError(await upload(PNG), 409, 'This document is already verified.');
    const again = await t.call('POST', `/api/admin/documents/${id}/approve`, { token: registrar });
    expect(again.body).toMatchObject({ document: { status: 'approved' } });
    expectError(
      await t.call('POST', `/api/admin/documents/${id}/reject`, { token: registrar, body: { reason: 'No.' } }),
      409,
      'This document is not waiting for review.',
    );
    expect(await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'approve_document'))).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
    const empty = await t.call('GET', `/api/admin/organizations/${lakeside}/documents`, { token: registrar });
    expect(empty.body).toMatchObject({ documents: [] });
  });

  it('a new upload of a file waiting for review is a new document: staff act only on the file they opened', async () => {
    expect((await upload(PDF)).status).toBe(200);
    const opened = await documentId();
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    const staffFile = (id: number) =>
      t.app.request(`/api/admin/documents/${id}/file`, { headers: { Authorization: `Bearer ${registrar}` } });
    expect((await staffFile(opened)).headers.get('content-type')).toBe('application/pdf');
    // The family sends another file before the registrar decides.
    const again = await upload(PNG);
    expect(again.status, again.text).toBe(200);
    const replacement = await documentId();
    expect(replacement).not.toBe(opened);
    expect(again.body).toMatchObject({
      document: { status: 'pending', document_id: replacement, content_type: 'image/png' },
    });
    // The decision taken on the PDF does not land on the PNG nobody has looked at.
    expectError(await t.call('POST', `/api/admin/documents/${opened}/approve`, { token: registrar }), 404);
    expectError(
      await t.call('POST', `/api/admin/documents/${opened}/reject`, { token: registrar, body: { reason: 'No.' } }),
      404,
    );
    expect((await staffFile(opened)).status).toBe(404);
    const [row] = await t.db.select().from(membershipDocuments);
    expect(row).toMatchObject({ id: replacement, status: 'pending', reviewedBy: null });
    expect(await t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'approve_document'))).toEqual([]);
    // The family's list and the console's queue both show the new file, which staff open and approve.
    const family = await t.call('GET', '/api/documents', { token: parent });
    expect(family.body).toMatchObject({ documents: [{ status: 'pending', document_id: replacement }] });
    const mine = await t.app.request(`/api/documents/${replacement}/file`, {
      headers: { Authorization: `Bearer ${parent}` },
    });
    expect(mine.headers.get('content-type')).toBe('image/png');
    const queue = await t.call('GET', `/api/admin/organizations/${lakeside}/documents`, { token: registrar });
    expect(queue.body).toMatchObject({ documents: [{ id: replacement, content_type: 'image/png' }] });
    expect((queue.body as { documents: unknown[] }).documents).toHaveLength(1);
    expect((await staffFile(replacement)).headers.get('content-type')).toBe('image/png');
    const approved = await t.call('POST', `/api/admin/documents/${replacement}/approve`, { token: registrar });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ document: { id: replacement, status: 'approved' } });
    expect(storedFiles()).toHaveLength(1);
  });

  it('Reject e-mails the guardians in their language and lets them upload again', async () => {
    await t.db
      .update(users)
      .set({ language: 'es' })
      .where(eq(users.id, await userId(t.db, 'parent@example.com')));
    expect((await upload(JPEG)).status).toBe(200);
    const firstKey = (await t.db.select().from(membershipDocuments))[0]?.storageKey;
    const id = await documentId();
    const owner = await staffToken(STAFF.otherOwner);
    expectError(
      await t.call('POST', `/api/admin/documents/${id}/reject`, { token: owner, body: { reason: ' ' } }),
      422,
    );
    const rejected = await t.call('POST', `/api/admin/documents/${id}/reject`, {
      token: owner,
      body: { reason: 'The photo is blurry.' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ document: { status: 'rejected', reject_reason: 'The photo is blurry.' } });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'parent@example.com'));
    const mail = mails.find((row) => row.subject.includes('Sam Rivera'));
    expect(mail?.subject).toBe('Tu documento de Sam Rivera necesita otra revisión');
    expect(mail?.text).toContain('The photo is blurry.');
    expect(mail?.text).toContain('/payments');
    const family = await t.call('GET', '/api/documents', { token: parent });
    expect(family.body).toMatchObject({ documents: [{ status: 'rejected', reject_reason: 'The photo is blurry.' }] });
    const [audit] = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.membershipId, membershipId), eq(staffAuditLog.action, 'reject_document')));
    expect(audit?.reason).toBe('The photo is blurry.');
    // Upload again: waiting for review, the rejected file replaced.
    const again = await upload(PNG);
    expect(again.body).toMatchObject({ document: { status: 'pending', reject_reason: null } });
    const [row] = await t.db.select().from(membershipDocuments);
    expect(row?.storageKey).not.toBe(firstKey);
    expect(storedFiles()).toHaveLength(1);
  });

  it('writes the English e-mail to an English-speaking guardian', async () => {
    expect((await upload(PNG)).status).toBe(200);
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    await t.call('POST', `/api/admin/documents/${await documentId()}/reject`, {
      token: registrar,
      body: { reason: 'Cut off.' },
    });
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.subject).toBe('Your document for Sam Rivera needs another look');
  });

  it("the console's setting: the set-up answers it, a change is audited, a malformed body is refused", async () => {
    const owner = await staffToken(STAFF.otherOwner);
    const setupOf = async () =>
      (
        (await t.call('GET', `/api/admin/organizations/${lakeside}/setup`, { token: owner })).body as {
          organization: { delete_documents_after_approval?: boolean };
        }
      ).organization.delete_documents_after_approval;
    expect(await setupOf()).toBe(false);
    for (const bad of [{}, { delete_after_approval: 'yes' }, { delete_after_approval: null }]) {
      expectError(
        await t.call('PUT', `/api/admin/organizations/${lakeside}/documents-setting`, { token: owner, body: bad }),
        422,
      );
    }
    expectError(
      await t.call('PUT', `/api/admin/organizations/${lakeside}/documents-setting`, {
        token: owner,
        rawBody: '{"delete_after_approval":',
      }),
      400,
    );
    // Another organization's owner is refused (registrars: the next test).
    expectError(
      await t.call('PUT', `/api/admin/organizations/${lakeside}/documents-setting`, {
        token: await staffToken(STAFF.owner),
        body: { delete_after_approval: true },
      }),
      404,
    );
    const set = await t.call('PUT', `/api/admin/organizations/${lakeside}/documents-setting`, {
      token: owner,
      body: { delete_after_approval: true },
    });
    expect(set.status, set.text).toBe(200);
    expect(await setupOf()).toBe(true);
    const [audit] = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'document_setting'))
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      before: { delete_after_approval: false },
      after: { delete_after_approval: true },
      membershipId: null,
    });
  });

  it("deletes the file once approved when the organization's setting says so, keeping who and when", async () => {
    const owner = await staffToken(STAFF.otherOwner);
    const registrar = await staffToken(LAKESIDE_REGISTRAR);
    // Registrars may verify but not change the setting.
    expectError(
      await t.call('PUT', `/api/admin/organizations/${lakeside}/documents-setting`, {
        token: registrar,
        body: { delete_after_approval: true },
      }),
      403,
    );
    const set = await t.call('PUT', `/api/admin/organizations/${lakeside}/documents-setting`, {
      token: owner,
      body: { delete_after_approval: true },
    });
    expect(set.body).toEqual({ delete_after_approval: true });
    expect((await upload(PDF)).status).toBe(200);
    expect(storedFiles()).toHaveLength(1);
    const id = await documentId();
    const approved = await t.call('POST', `/api/admin/documents/${id}/approve`, { token: registrar });
    expect(approved.body).toMatchObject({ document: { status: 'approved', file_available: false } });
    expect(storedFiles()).toEqual([]);
    const [row] = await t.db.select().from(membershipDocuments);
    expect(row?.storageKey).toBeNull();
    expect(row?.fileDeletedAt).toBeInstanceOf(Date);
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    expect(row?.reviewedBy).not.toBeNull();
    expectError(await t.call('GET', `/api/documents/${id}/file`, { token: parent }), 404);
    const family = await t.call('GET', '/api/documents', { token: parent });
    expect(family.body).toMatchObject({ documents: [{ status: 'approved', dob_locked: true, file_available: false }] });
  });
});
