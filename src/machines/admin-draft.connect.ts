/**
 * The views' window on admin-draft.machine.ts: the draft's form values (money as dollars), the preview's address,
 * the save's state, the server's messages by field.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AdminDraft } from '../api/admin-drafts';
import type { AdminDraftValues } from '../domain/forms/admin-draft';
import { teamValuesOf } from '../domain/forms/admin-team';
import type { adminDraftMachine } from './admin-draft.machine';

export type AdminDraftActorRef = ActorRefFrom<typeof adminDraftMachine>;
export type AdminDraftSnapshot = SnapshotFrom<typeof adminDraftMachine>;

export interface AdminDraftView {
  loading: boolean;
  loadError: string | null;
  /** The form's values of the draft as saved last (null before it loads). */
  values: AdminDraftValues | null;
  /** Changes each save, so the form restarts from the saved values. */
  version: string;
  previewPath: string | null;
  saved: boolean;
  alert: string | null;
  fieldErrors: Record<string, string | undefined>;
  busy: boolean;
  /** The season select's options after 'No season' (the view's first option, '': the preview asks for one, §2). */
  seasons: { value: string; label: string }[];
  /** The protection plan select's options after 'None' (the view's first option, ''). */
  protectionPlans: { value: string; label: string }[];
}

export function draftValues(draft: AdminDraft): AdminDraftValues {
  return {
    ...teamValuesOf(draft),
    season_id: draft.season_id === null ? '' : String(draft.season_id),
    waiver: draft.waiver ?? '',
    waiver_es: draft.waiver_es ?? '',
  };
}

export function adminDraftView(snapshot: AdminDraftSnapshot): AdminDraftView {
  const { draft, error, fieldErrors, choices } = snapshot.context;
  const failed = snapshot.matches({ editing: 'failed' });
  const messages: Record<string, string | undefined> = {};
  if (failed) for (const [field, list] of Object.entries(fieldErrors)) messages[field] = list[0];
  return {
    loading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? error : null,
    values: draft === null ? null : draftValues(draft),
    version: draft === null ? '' : draft.updated_at,
    previewPath: draft === null ? null : draft.preview_path,
    saved: snapshot.matches({ editing: 'saved' }),
    alert: failed ? error : null,
    fieldErrors: messages,
    busy: snapshot.hasTag('busy'),
    seasons: choices.seasons.map((season) => ({ value: String(season.id), label: season.name })),
    protectionPlans: choices.protectionPlans.map((plan) => ({ value: String(plan.id), label: plan.name })),
  };
}
