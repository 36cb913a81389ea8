/**
 * Proof of age and the club's own documents (issue 32 point 2; docs/api.md "Documents"): the family's list and upload
 * (the file's bytes as the body, sent with the user's token), and the console's queue, view, approve and reject
 * (with the staff token). Every JSON answer is validated; failures reach the caller as an ApiError.
 */
import { z } from 'zod/mini';
import { id } from '../domain/wire';
import { getStaffToken } from '../session/staff';
import { type AdminCallOptions, adminRequest } from './admin';
import { apiUrl, bearerToken, type CallOptions, http, requestJson } from './client';
import { type DownloadedFile, fetchAttachment } from './download';
import { schemaError, toApiError } from './errors';
import { beginRequest } from './loading';

const named = z.object({ id, name: z.string() });
const contentType = z.enum(['image/png', 'image/jpeg', 'application/pdf']);

export const familyDocumentSchema = z.object({
  membership_id: id,
  athlete: named,
  team: named,
  name: z.string(),
  status: z.enum(['needed', 'pending', 'approved', 'rejected']),
  document_id: z.nullable(id),
  content_type: z.nullable(contentType),
  reject_reason: z.nullable(z.string()),
  uploaded_at: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  file_available: z.boolean(),
  dob_locked: z.boolean(),
});
export type FamilyDocument = z.infer<typeof familyDocumentSchema>;
export const familyDocumentsSchema = z.object({ documents: z.array(familyDocumentSchema) });
export type FamilyDocuments = z.infer<typeof familyDocumentsSchema>;
const uploadAnswerSchema = z.object({ document: familyDocumentSchema });

export const queueDocumentSchema = z.object({
  id,
  membership_id: id,
  athlete: named,
  team: named,
  name: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  content_type: contentType,
  byte_size: z.int(),
  uploaded_at: z.string(),
  reviewed_at: z.nullable(z.string()),
  reviewed_by: z.nullable(named),
  reject_reason: z.nullable(z.string()),
  file_available: z.boolean(),
});
export type QueueDocument = z.infer<typeof queueDocumentSchema>;
export const documentQueueSchema = z.object({
  documents: z.array(queueDocumentSchema),
  delete_after_approval: z.boolean(),
});
export type DocumentQueue = z.infer<typeof documentQueueSchema>;
const reviewAnswerSchema = z.object({ document: queueDocumentSchema });

/** GET /api/documents → what the household's memberships require, with each one's state. */
export function getDocuments(options?: CallOptions): Promise<FamilyDocuments> {
  return requestJson('/api/documents', familyDocumentsSchema, { auth: 'user', ...options });
}

/** Sends raw bytes or reads a file back: the JSON client cannot. */
async function sendRaw(path: string, token: string | null, init: { method: 'put' | 'get'; body?: Blob }) {
  const endRequest = beginRequest();
  try {
    return await http(apiUrl(path), {
      method: init.method,
      headers: {
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
        ...(init.body ? { 'Content-Type': 'application/octet-stream' } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
      retry: 0,
      timeout: 120_000,
    });
  } catch (error) {
    throw await toApiError(error);
  } finally {
    endRequest();
  }
}

/** PUT /api/memberships/{id}/documents?name=… with the file as the body → the document, waiting for review. */
export async function uploadDocument(membershipId: number, name: string, file: Blob): Promise<FamilyDocument> {
  const path = `/api/memberships/${membershipId}/documents?${new URLSearchParams({ name })}`;
  const response = await sendRaw(path, bearerToken('user'), { method: 'put', body: file });
  const body: unknown = await response.json();
  const result = uploadAnswerSchema.safeParse(body);
  if (!result.success) throw schemaError(result.error, body, response.status, `PUT ${path}`);
  return result.data.document;
}

/** GET /api/admin/organizations/{id}/documents → the documents waiting for review. */
export function getDocumentQueue(organizationId: number, options: AdminCallOptions = {}): Promise<DocumentQueue> {
  return adminRequest(`/api/admin/organizations/${organizationId}/documents`, documentQueueSchema, {
    signal: options.signal,
  });
}

/** POST /api/admin/documents/{id}/approve */
export async function approveDocument(documentId: number): Promise<QueueDocument> {
  return (await adminRequest(`/api/admin/documents/${documentId}/approve`, reviewAnswerSchema, { method: 'post' }))
    .document;
}

/** POST /api/admin/documents/{id}/reject with the reason the family reads. */
export async function rejectDocument(documentId: number, reason: string): Promise<QueueDocument> {
  return (
    await adminRequest(`/api/admin/documents/${documentId}/reject`, reviewAnswerSchema, {
      method: 'post',
      json: { reason },
    })
  ).document;
}

/** GET /api/admin/documents/{id}/file → the file (an attachment, with its checked type). */
export function fetchStaffDocument(documentId: number): Promise<DownloadedFile> {
  return fetchAttachment(`/api/admin/documents/${documentId}/file`, {
    token: getStaffToken(),
    fallback: `document-${documentId}`,
  });
}
