/**
 * The views' window on assistance-request.machine.ts ('Request financial assistance', issue 34 point 1): the actor
 * type, the shares offered and what the form shows (the organization, the last values sent, the server's refusal and
 * its field messages, whether it is sending).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FieldMessages } from '../api/errors';
import { ASSISTANCE_SHARES, type AssistanceRequestValues } from '../domain/forms/assistance-request';
import type { assistanceRequestMachine } from './assistance-request.machine';

export type AssistanceRequestActorRef = ActorRefFrom<typeof assistanceRequestMachine>;
export type AssistanceRequestSnapshot = SnapshotFrom<typeof assistanceRequestMachine>;

export {
  ASSISTANCE_SHARES,
  assistanceRequestFormSchema,
  EMPTY_ASSISTANCE_REQUEST,
} from '../domain/forms/assistance-request';
export type { AssistanceRequestValues };

export interface AssistanceRequestView {
  organization: string;
  /** The values the form opens with: empty, or those last sent (after a refusal). */
  values: AssistanceRequestValues;
  sending: boolean;
  /** The server's refusal or the connection failure, null for none. */
  error: string | null;
  fieldErrors: FieldMessages;
}

export function assistanceRequestView(snapshot: AssistanceRequestSnapshot): AssistanceRequestView {
  const { context } = snapshot;
  const refused = snapshot.matches({ editing: 'refused' });
  return {
    organization: context.organization,
    values: context.values,
    sending: snapshot.hasTag('busy'),
    error: refused ? context.error : null,
    fieldErrors: refused ? context.fieldErrors : {},
  };
}

/** Percent shares as the radio buttons offer them. */
export const SHARE_CHOICES: readonly number[] = ASSISTANCE_SHARES;
