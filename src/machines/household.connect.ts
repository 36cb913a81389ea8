/**
 * The views' window on household.machine.ts (/household, issue 20 point 4): the actor and snapshot types, what the
 * page shows (loading, the failure with a retry, the household), the guardians' and invites' rows, the notice or
 * failure after an action, the removal's confirmation, and the invite form's state. Views import the machine only
 * through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FieldMessages } from '../api/errors';
import type { Household } from '../api/household-invites.schemas';
import { formatDateText } from '../domain/dates';
import type { GuardianInviteValues } from '../domain/forms/guardian-invite';
import { needsCustomRelationship } from '../domain/relationships';
import { intlLocale, type Message, t } from '../i18n/runtime';
import { guardianName, type householdMachine } from './household.machine';

export type HouseholdActorRef = ActorRefFrom<typeof householdMachine>;
export type HouseholdSnapshot = SnapshotFrom<typeof householdMachine>;

export interface GuardianRow {
  id: number;
  name: string;
  email: string;
  relationship: string | null;
  isYou: boolean;
}

export interface InviteRow {
  id: number;
  name: string;
  email: string;
  relationship: string;
  /** When the invite expires, as the server sent it (`inviteExpiry` makes it 'Expires Mar 8, 2027'). */
  expiresAt: string;
}

/**
 * 'Expires Mar 8, 2027' in the language in use, or null when the server's date is unreadable. Call it while
 * rendering (it formats the date for the language), never inside a selector.
 */
export function inviteExpiry(invite: Pick<InviteRow, 'expiresAt'>): string | null {
  const date = formatDateText(invite.expiresAt, 'short', intlLocale());
  return date === null ? null : t('household.expires', { date });
}

export interface HouseholdView {
  screen: 'loading' | 'error' | 'household' | null;
  /** The load's §8 failure (screen 'error'). */
  loadError: string | null;
  guardians: readonly GuardianRow[];
  invites: readonly InviteRow[];
  /** What the last cancel or removal reported: a success notice, or its §8 failure (the server's text). */
  notice: Message | null;
  actionError: string | null;
  /** The confirmation 'Remove {name}?', else null. */
  confirmQuestion: Message | null;
  busy: boolean;
  /** Changes after each invite sent: the invite form starts empty again. */
  formKey: number;
}

const rowsCache = new WeakMap<Household, { guardians: GuardianRow[]; invites: InviteRow[] }>();
const NO_ROWS = { guardians: [], invites: [] };

/** Rows per household answer, kept between snapshots (a new list only when the household changed). */
function rowsOf(household: Household | null): { guardians: readonly GuardianRow[]; invites: readonly InviteRow[] } {
  if (household === null) return NO_ROWS;
  let rows = rowsCache.get(household);
  if (rows === undefined) {
    rows = {
      guardians: household.guardians.map((guardian) => ({
        id: guardian.id,
        name: guardianName(guardian),
        email: guardian.email,
        relationship: guardian.relationship,
        isYou: guardian.is_you,
      })),
      invites: household.invites.map((invite) => ({
        id: invite.id,
        name: invite.name,
        email: invite.email,
        relationship: invite.relationship,
        expiresAt: invite.expires_at,
      })),
    };
    rowsCache.set(household, rows);
  }
  return rows;
}

function screenOf(snapshot: HouseholdSnapshot): HouseholdView['screen'] {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('error')) return 'error';
  if (snapshot.context.household !== null) return 'household';
  return null;
}

const CANCELED: Message = { key: 'household.canceled' };
const removalMessages = new WeakMap<object, { removed: Message; confirm: Message }>();

/** The removal's notice and question, kept between snapshots (views compare shallowly). */
function removalMessagesOf(removal: { name: string }): { removed: Message; confirm: Message } {
  let messages = removalMessages.get(removal);
  if (messages === undefined) {
    messages = {
      removed: { key: 'household.removed', params: { name: removal.name } },
      confirm: { key: 'household.confirmRemove', params: { name: removal.name } },
    };
    removalMessages.set(removal, messages);
  }
  return messages;
}

function noticeOf(snapshot: HouseholdSnapshot): Message | null {
  const { context } = snapshot;
  if (snapshot.matches({ ready: 'canceled' })) return CANCELED;
  if (snapshot.matches({ ready: 'removed' }) && context.removal !== null)
    return removalMessagesOf(context.removal).removed;
  return null;
}

export function householdView(snapshot: HouseholdSnapshot): HouseholdView {
  const { guardians, invites } = rowsOf(snapshot.context.household);
  const removal = snapshot.context.removal;
  return {
    screen: screenOf(snapshot),
    loadError: snapshot.matches('error') ? snapshot.context.errorText : null,
    guardians,
    invites,
    notice: noticeOf(snapshot),
    actionError: snapshot.matches({ ready: 'actionFailed' }) ? snapshot.context.errorText : null,
    confirmQuestion:
      (snapshot.matches('confirmingRemove') || snapshot.matches('removingGuardian')) && removal !== null
        ? removalMessagesOf(removal).confirm
        : null,
    busy: snapshot.hasTag('busy'),
    formKey: snapshot.context.invitesSent,
  };
}

/** Whether 'Remove' beside this guardian asks now (another guardian, no call running). */
export function canRemove(snapshot: HouseholdSnapshot, guardianId: number): boolean {
  return snapshot.can({ type: 'REMOVE', guardianId });
}

/** Whether 'Cancel invite' beside this invite cancels it now. */
export function canCancelInvite(snapshot: HouseholdSnapshot, inviteId: number): boolean {
  return snapshot.can({ type: 'CANCEL_INVITE', inviteId });
}

/** The confirmation's buttons. */
export function confirmView(snapshot: HouseholdSnapshot): { canConfirm: boolean; canKeep: boolean } {
  return { canConfirm: snapshot.can({ type: 'CONFIRM_REMOVE' }), canKeep: snapshot.can({ type: 'KEEP' }) };
}

/** The fields of the invite form a server message may name. */
export type InviteField = keyof GuardianInviteValues;

export interface InviteFormView {
  busy: boolean;
  /** The §8 text of the refused invite (every message), announced above the form; null without one. */
  error: string | null;
  /** The success notice 'Invite sent to {email}.' after sending. */
  sent: Message | null;
  /** The refused invite's messages at their fields: the server's `relationship` goes where it was chosen or typed. */
  fieldErrors: Partial<Record<InviteField, string>>;
}

const NO_FIELD_ERRORS: Partial<Record<InviteField, string>> = {};
const fieldErrorsCache = new WeakMap<FieldMessages, Map<string, Partial<Record<InviteField, string>>>>();

function fieldErrorsOf(messages: FieldMessages, relationshipChoice: string): Partial<Record<InviteField, string>> {
  if (Object.keys(messages).length === 0) return NO_FIELD_ERRORS;
  const byChoice = fieldErrorsCache.get(messages) ?? new Map<string, Partial<Record<InviteField, string>>>();
  fieldErrorsCache.set(messages, byChoice);
  const relationshipField: InviteField = needsCustomRelationship(relationshipChoice)
    ? 'customRelationship'
    : 'relationship';
  const cached = byChoice.get(relationshipField);
  if (cached) return cached;
  const first = (field: string) => messages[field]?.find((text) => text.trim() !== '');
  const errors: Partial<Record<InviteField, string>> = {};
  const name = first('name');
  const email = first('email');
  const relationship = first('relationship');
  if (name) errors.name = name;
  if (email) errors.email = email;
  if (relationship) errors[relationshipField] = relationship;
  byChoice.set(relationshipField, errors);
  return errors;
}

let lastSent: Message | null = null;

/** 'Invite sent to {email}.', the same object while the address is the same (views compare shallowly). */
function sentMessage(email: string): Message {
  if (lastSent?.key !== 'household.sent' || lastSent.params.email !== email) {
    lastSent = { key: 'household.sent', params: { email } };
  }
  return lastSent;
}

/** The invite form; `relationshipChoice` is the form's current choice (where a relationship message shows). */
export function inviteFormView(snapshot: HouseholdSnapshot, relationshipChoice: string): InviteFormView {
  const failed = snapshot.matches({ ready: 'inviteFailed' });
  const { context } = snapshot;
  return {
    busy: snapshot.matches('sendingInvite'),
    error: failed ? context.errorText : null,
    sent:
      snapshot.matches({ ready: 'invited' }) && context.invitedEmail !== null
        ? sentMessage(context.invitedEmail)
        : null,
    fieldErrors: failed ? fieldErrorsOf(context.fieldErrors, relationshipChoice) : NO_FIELD_ERRORS,
  };
}

/** Whether the machine takes the invite form as typed now (its schema holds, no call runs). */
export function canSendInvite(snapshot: HouseholdSnapshot, values: GuardianInviteValues): boolean {
  return snapshot.can({ type: 'SEND_INVITE', values });
}
