/**
 * The session actions the flows that log someone in share, named in each machine's setup(): storing the user that
 * login, register and /household/join answer (src/session/current-user.ts), storing the console's staff session
 * (admin-login, admin-join), and remembering a refusal as the §8 text (and, on the console's forms, the messages by
 * field). Each machine keeps its own states and calls.
 */
import { errorText, type FieldMessages } from '../api/errors';
import type { CurrentUser } from '../api/schemas';
import type { StaffSession } from '../domain/staff';
import { setCurrentUser } from '../session/current-user';
import { setStaffSession } from '../session/staff';
import { fieldMessagesOf } from './refusal-messages';

/** `storeUser`: the logged-in user the call answered is the stored user (spec §3). */
export function storeUser(_: unknown, params: { user: CurrentUser }): void {
  setCurrentUser(params.user);
}

/** `storeSession`: the staff session the console's login or join answered. */
export function storeStaffSession(_: unknown, params: { session: StaffSession }): void {
  setStaffSession(params.session);
}

/** `rememberError`: the §8 text of a failed call, for `assign(errorTextOf)`. */
export function errorTextOf(_: unknown, params: { error: unknown }): { error: string } {
  return { error: errorText(params.error) };
}

/** A console form's refusal: the §8 text and the messages by field, for `assign(staffFormRefusal)`. */
export function staffFormRefusal(
  _: unknown,
  params: { error: unknown },
): { error: string; fieldErrors: FieldMessages } {
  return { error: errorText(params.error), fieldErrors: fieldMessagesOf(params.error) };
}

/** `storeUser`'s params from the call that answered the user (login, register). */
export function answeredUser({ event }: { event: { output: CurrentUser } }): { user: CurrentUser } {
  return { user: event.output };
}

/** `storeSession`'s params from the console's call that answered the staff session. */
export function answeredSession({ event }: { event: { output: StaffSession } }): { session: StaffSession } {
  return { session: event.output };
}
