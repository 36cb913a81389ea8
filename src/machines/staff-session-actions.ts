/**
 * The console's session actions (admin-login, named in its setup()): storing the staff session its login answered
 * (src/session/staff.ts), and remembering a console form's refusal as the §8 text with the messages by field. Apart
 * from the family flows' ./session-actions.ts, so that /login and /register never load the staff session's code.
 */
import { errorText, type FieldMessages } from '../api/errors';
import type { StaffSession } from '../domain/staff';
import { setStaffSession } from '../session/staff';
import { fieldMessagesOf } from './refusal-messages';

/** `storeSession`: the staff session the console's login or join answered. */
export function storeStaffSession(_: unknown, params: { session: StaffSession }): void {
  setStaffSession(params.session);
}

/** A console form's refusal: the §8 text and the messages by field, for `assign(staffFormRefusal)`. */
export function staffFormRefusal(
  _: unknown,
  params: { error: unknown },
): { error: string; fieldErrors: FieldMessages } {
  return { error: errorText(params.error), fieldErrors: fieldMessagesOf(params.error) };
}

/** `storeSession`'s params from the console's call that answered the staff session. */
export function answeredSession({ event }: { event: { output: StaffSession } }): { session: StaffSession } {
  return { session: event.output };
}
