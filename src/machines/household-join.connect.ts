/**
 * The views' window on household-join.machine.ts (/household/join, issue 20 point 4): which screen shows, the
 * invite's texts, each form's §8 failure and busy flag, and whether the machine takes a form as typed now. Views
 * import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GuardianFormValues } from '../domain/forms/guardian';
import type { LoginFormValues } from '../domain/forms/login';
import type { Message } from '../i18n/runtime';
import type { householdJoinMachine } from './household-join.machine';

export type HouseholdJoinActorRef = ActorRefFrom<typeof householdJoinMachine>;
export type HouseholdJoinSnapshot = SnapshotFrom<typeof householdJoinMachine>;

export type HouseholdJoinScreen =
  | 'loading'
  | 'invalid'
  | 'choose'
  | 'loggedIn'
  | 'logIn'
  | 'createAccount'
  | 'accepting'
  | 'acceptFailed'
  | 'joined';

export interface HouseholdJoinView {
  screen: HouseholdJoinScreen | null;
  /** "{invited_by_name} invited you to share their household.", once the invite is known. */
  invitedText: Message | null;
  /** "You now share {invited_by_name}'s household." once accepted. */
  joinedText: Message | null;
  /** 'Logged in as {email}.' for a guardian already logged in. */
  loggedInText: Message | null;
  /** The page's or the current form's §8 failure (the server's text, or the link's own problem), else null. */
  error: Message | string | null;
  busy: boolean;
  /** Whether 'Join household' / 'Try again' / 'Back' act now. */
  canJoin: boolean;
  canRetry: boolean;
  canBack: boolean;
}

function screenOf(snapshot: HouseholdJoinSnapshot): HouseholdJoinScreen | null {
  if (snapshot.matches('lookingUp')) return 'loading';
  if (snapshot.matches('invalid')) return 'invalid';
  if (snapshot.matches({ invited: 'choosing' })) return 'choose';
  if (snapshot.matches({ invited: 'loggedIn' })) return 'loggedIn';
  if (snapshot.matches({ invited: 'logIn' }) || snapshot.matches('loggingIn')) return 'logIn';
  if (snapshot.matches({ invited: 'createAccount' }) || snapshot.matches('registering')) return 'createAccount';
  if (snapshot.matches('accepting')) return 'accepting';
  if (snapshot.matches('acceptFailed')) return 'acceptFailed';
  if (snapshot.matches('joined') || snapshot.matches('toPayments')) return 'joined';
  return null;
}

const INVITED_BY_GUARDIAN: Message = { key: 'household.invitedByGuardian' };
const JOINED: Message = { key: 'household.joined' };
const inviteMessages = new Map<string, { invited: Message; joined: Message }>();
const loggedInMessages = new Map<string, Message>();

/** The invite's texts by the inviter's name, the same objects each time (views compare shallowly). */
function inviteMessagesOf(inviter: string | null): { invited: Message; joined: Message } {
  // An account without a name is 'A guardian'.
  if (inviter === null) return { invited: INVITED_BY_GUARDIAN, joined: JOINED };
  let messages = inviteMessages.get(inviter);
  if (messages === undefined) {
    messages = {
      invited: { key: 'household.invitedBy', params: { name: inviter } },
      joined: { key: 'household.joinedWith', params: { name: inviter } },
    };
    inviteMessages.set(inviter, messages);
  }
  return messages;
}

function loggedInMessage(email: string): Message {
  let message = loggedInMessages.get(email);
  if (message === undefined) {
    message = { key: 'household.loggedInAs', params: { email } };
    loggedInMessages.set(email, message);
  }
  return message;
}

export function householdJoinView(snapshot: HouseholdJoinSnapshot): HouseholdJoinView {
  const { context } = snapshot;
  const inviter = context.invite?.invited_by_name?.trim() || null;
  const messages = inviteMessagesOf(inviter);
  const failed =
    snapshot.matches('invalid') ||
    snapshot.matches('acceptFailed') ||
    snapshot.matches({ invited: { logIn: 'invalid' } }) ||
    snapshot.matches({ invited: { createAccount: 'failed' } });
  return {
    screen: screenOf(snapshot),
    invitedText: context.invite === null ? null : messages.invited,
    joinedText: context.invite === null ? null : messages.joined,
    loggedInText: context.loggedInAs === null ? null : loggedInMessage(context.loggedInAs),
    error: failed ? context.errorText : null,
    busy: snapshot.hasTag('busy'),
    canJoin: snapshot.can({ type: 'JOIN' }),
    canRetry: snapshot.can({ type: 'RETRY' }),
    canBack: snapshot.can({ type: 'BACK' }),
  };
}

/** What the account form starts with: the invite's address (the invitee may change it). */
export function accountFormStart(snapshot: HouseholdJoinSnapshot): GuardianFormValues {
  return {
    firstName: '',
    lastName: '',
    phone: '',
    email: snapshot.context.invite?.email ?? '',
    password: '',
    confirmPassword: '',
  };
}

/** What the login form starts with: the invite's address. */
export function loginFormStart(snapshot: HouseholdJoinSnapshot): LoginFormValues {
  return { email: snapshot.context.invite?.email ?? '', password: '' };
}

export function canSubmitLogin(snapshot: HouseholdJoinSnapshot, values: LoginFormValues): boolean {
  return snapshot.can({ type: 'SUBMIT_LOGIN', values });
}

export function canSubmitAccount(snapshot: HouseholdJoinSnapshot, values: GuardianFormValues): boolean {
  return snapshot.can({ type: 'SUBMIT_ACCOUNT', values });
}

/** The address of 'See your payments', a real link (it opens in a new tab too). */
export const PAYMENTS_HREF = '/payments';
