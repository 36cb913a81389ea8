/**
 * The session actions the family flows that log someone in share, named in each machine's setup(): storing the user
 * that login, register and /household/join answer (src/session/current-user.ts), and remembering a refusal as the §8
 * text. The console's own (its staff session, its forms' refusals) are ./staff-session-actions.ts: this module is on
 * /login's and /register's first visit, which must not load the staff session's code. Each machine keeps its own
 * states and calls.
 */
import { errorText } from '../api/errors';
import type { CurrentUser } from '../api/schemas';
import { setCurrentUser } from '../session/current-user';

/** `storeUser`: the logged-in user the call answered is the stored user (spec §3). */
export function storeUser(_: unknown, params: { user: CurrentUser }): void {
  setCurrentUser(params.user);
}

/** `rememberError`: the §8 text of a failed call, for `assign(errorTextOf)`. */
export function errorTextOf(_: unknown, params: { error: unknown }): { error: string } {
  return { error: errorText(params.error) };
}

/** `storeUser`'s params from the call that answered the user (login, register). */
export function answeredUser({ event }: { event: { output: CurrentUser } }): { user: CurrentUser } {
  return { user: event.output };
}
