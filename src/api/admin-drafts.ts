/**
 * The draft editor's calls (issue 22 point 6; docs/api.md "Season set-up and the draft editor"). Every call carries
 * the staff token (./admin.ts adminRequest); every answer is validated. Saving a draft makes the server send
 * `updated` on `team.draft.{id}`, so every open family preview (/draft?draft_id=…) reloads by itself.
 */
import type { AdminCallOptions } from './admin';
import { adminRequest } from './admin';
import {
  type AdminDraft,
  type AdminDraftBody,
  type AdminNewDraftBody,
  adminDraftAnswerSchema,
  adminDraftsAnswerSchema,
} from './admin-drafts.schemas';

/** GET /api/admin/organizations/{id}/drafts → the organization's drafts (owners, registrars). */
export async function getAdminDrafts(organizationId: number, options: AdminCallOptions = {}): Promise<AdminDraft[]> {
  const answer = await adminRequest(`/api/admin/organizations/${organizationId}/drafts`, adminDraftsAnswerSchema, {
    signal: options.signal,
  });
  return answer.drafts;
}

/** POST /api/admin/organizations/{id}/drafts `{ team_id }` → a new draft copied from that team. */
export async function createAdminDraft(
  organizationId: number,
  body: AdminNewDraftBody,
  options: AdminCallOptions = {},
): Promise<AdminDraft> {
  const answer = await adminRequest(`/api/admin/organizations/${organizationId}/drafts`, adminDraftAnswerSchema, {
    method: 'post',
    json: body,
    signal: options.signal,
  });
  return answer.draft;
}

/** GET /api/admin/drafts/{id} → one draft. */
export async function getAdminDraft(draftId: number, options: AdminCallOptions = {}): Promise<AdminDraft> {
  return (await adminRequest(`/api/admin/drafts/${draftId}`, adminDraftAnswerSchema, { signal: options.signal })).draft;
}

/** PUT /api/admin/drafts/{id} with the whole draft → the saved draft (422 with the form's field keys). */
export async function saveAdminDraft(
  draftId: number,
  body: AdminDraftBody,
  options: AdminCallOptions = {},
): Promise<AdminDraft> {
  const answer = await adminRequest(`/api/admin/drafts/${draftId}`, adminDraftAnswerSchema, {
    method: 'put',
    json: body,
    signal: options.signal,
  });
  return answer.draft;
}

export type { AdminDraft, AdminDraftBody, AdminNewDraftBody };
