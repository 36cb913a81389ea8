import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, idParam, json, jsonBody } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import {
  approveDocument,
  type DocumentFile,
  documentQueue,
  familyDocumentFile,
  familyDocuments,
  rejectDocument,
  setDocumentSetting,
  staffDocumentFile,
  uploadDocument,
} from '../services/documents/index.ts';

/**
 * Proof of age and the club's own documents (issue 32 point 2; docs/api.md "Documents"): the family's list, upload
 * and download, and the console's queue with approve and reject. The work is services/documents's.
 */

const ContentTypeSchema = z.enum(['image/png', 'image/jpeg', 'application/pdf']);
const Named = z.object({ id: z.number().int(), name: z.string() });

const FamilyDocumentSchema = z
  .object({
    membership_id: z.number().int(),
    athlete: Named,
    team: Named,
    name: z.string(),
    status: z.enum(['needed', 'pending', 'approved', 'rejected']),
    document_id: z.number().int().nullable(),
    content_type: ContentTypeSchema.nullable(),
    reject_reason: z.string().nullable(),
    uploaded_at: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    file_available: z.boolean(),
    dob_locked: z
      .boolean()
      .describe("An approved document locks the athlete's date of birth against the family's edits"),
  })
  .openapi('FamilyDocument');

const QueueDocumentSchema = z
  .object({
    id: z.number().int(),
    membership_id: z.number().int(),
    athlete: Named,
    team: Named,
    name: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    content_type: ContentTypeSchema,
    byte_size: z.number().int(),
    uploaded_at: z.string(),
    reviewed_at: z.string().nullable(),
    reviewed_by: Named.nullable(),
    reject_reason: z.string().nullable(),
    file_available: z.boolean(),
  })
  .openapi('QueueDocument');

const fileResponse = {
  description: 'The file as an attachment, with the type its bytes were checked to be',
  content: {
    'image/png': { schema: z.string().openapi({ format: 'binary' }) },
    'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
    'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
  },
};

const listRoute = createRoute({
  method: 'get',
  path: '/api/documents',
  tags: ['documents'],
  summary: "The documents the household's memberships require (a guardian's athletes), with each one's state",
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(z.object({ documents: z.array(FamilyDocumentSchema) })), ...errors(401) },
});

const uploadRoute = createRoute({
  method: 'put',
  path: '/api/memberships/{id}/documents',
  tags: ['documents'],
  summary:
    "Upload a required document for a membership (the athlete's guardians): the body is the file, PNG, JPEG or PDF up to 10 MB, its type read from its bytes",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    params: z.object({ id: idParam('id') }),
    query: z.object({
      name: z.string().trim().min(1).max(100).describe("The document's name as the team requires it"),
    }),
    // Not `required` for the document's sake: an empty body is answered 422 on `file` ('Choose a file to upload.').
    body: {
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
      required: false,
    },
  },
  responses: {
    200: json(z.object({ document: FamilyDocumentSchema }), 'The document, waiting for review'),
    ...errors(401, 403, 404, 409, 422),
  },
});

const familyFileRoute = createRoute({
  method: 'get',
  path: '/api/documents/{id}/file',
  tags: ['documents'],
  summary: "A document's file, to the athlete's guardians only",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: z.object({ id: idParam('id') }) },
  responses: { 200: fileResponse, ...errors(401, 404, 422) },
});

const queueRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/documents',
  permission: 'verify_documents',
  summary: "The organization's documents waiting for review, oldest first (owners, registrars)",
  request: { params: z.object({ id: idParam('id') }) },
  responses: {
    200: json(z.object({ documents: z.array(QueueDocumentSchema), delete_after_approval: z.boolean() })),
  },
});

const staffFileRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/documents/{id}/file',
  permission: 'verify_documents',
  summary: "A document's file (owners, registrars of its organization)",
  request: { params: z.object({ id: idParam('id') }) },
  responses: { 200: fileResponse },
});

const approveRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/documents/{id}/approve',
  permission: 'verify_documents',
  summary:
    "Approve a document: verified, the athlete's date of birth locked; the file deleted when the setting says so",
  request: { params: z.object({ id: idParam('id') }) },
  responses: { 200: json(z.object({ document: QueueDocumentSchema })), ...errors(409) },
});

const rejectRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/documents/{id}/reject',
  permission: 'verify_documents',
  summary: 'Reject a document with a reason: the guardians are e-mailed and may upload again',
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(z.object({ reason: z.string().trim().min(1).max(500) })),
  },
  responses: { 200: json(z.object({ document: QueueDocumentSchema })), ...errors(409) },
});

const settingRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/organizations/{id}/documents-setting',
  permission: 'edit_setup',
  summary: "Whether an approved document's file is deleted at once (owners); who approved it and when are kept",
  request: {
    params: z.object({ id: idParam('id') }),
    body: jsonBody(z.object({ delete_after_approval: z.boolean() })),
  },
  responses: { 200: json(z.object({ delete_after_approval: z.boolean() })) },
});

/** Whether a request is a document upload (app.ts gives it the 10 MB body limit instead of 64 KB). */
export function isDocumentUpload(method: string, path: string): boolean {
  return method === 'PUT' && /^\/api\/memberships\/[^/]+\/documents\/?$/.test(path);
}

function fileAnswer(file: DocumentFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

export function documentRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(listRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await familyDocuments(deps, auth.user), 200);
  });

  app.openapi(uploadRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('query');
    // The body limit (app.ts) stops a body over 10 MB before it is read; the service checks what arrived.
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await uploadDocument(deps, auth.user, id, name, bytes), 200);
  });

  app.openapi(familyFileRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return fileAnswer(await familyDocumentFile(deps, auth.user, c.req.valid('param').id));
  });

  app.openapi(queueRoute, async (c) => c.json(await documentQueue(deps, staff(c), c.req.valid('param').id), 200));

  app.openapi(staffFileRoute, async (c) =>
    fileAnswer(await staffDocumentFile(deps, staff(c), c.req.valid('param').id)),
  );

  app.openapi(approveRoute, async (c) => c.json(await approveDocument(deps, staff(c), c.req.valid('param').id), 200));

  app.openapi(rejectRoute, async (c) =>
    c.json(await rejectDocument(deps, staff(c), c.req.valid('param').id, c.req.valid('json').reason), 200),
  );

  app.openapi(settingRoute, async (c) =>
    c.json(
      await setDocumentSetting(deps, staff(c), c.req.valid('param').id, c.req.valid('json').delete_after_approval),
      200,
    ),
  );

  return app;
}
