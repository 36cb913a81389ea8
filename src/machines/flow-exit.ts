/**
 * A machine's exit without a cast: xstate types the root `output` mapper's event as a done event of unknown output,
 * so each final state records its exit in `context.exit` (a `leave` action) and the root `output` reads it back here.
 */
export function exitOf<TExit>(context: { exit: TExit | null }): TExit {
  // The machine is done only through a final state, and every final state records its exit.
  if (context.exit === null) throw new Error('The flow ended without an exit.');
  return context.exit;
}

/** §4 Coach claim: back to the coach licence, which claims it for the logged-in coach (login and register end here). */
export type CoachClaimExit = { to: '/coach/$license'; params: { license: string }; search: { claimed_login: true } };

export function coachClaimExit(license: string): CoachClaimExit {
  return { to: '/coach/$license', params: { license }, search: { claimed_login: true } };
}

/**
 * A final state that leaves the flow (`toDashboard: leaveTo('spec §…', { to: '/dashboard' })`): its entry records the
 * exit with the machine's `leave` action, a plain value or one built from the context.
 */
export function leaveTo<const Params>(description: string, params: Params) {
  return { description, type: 'final', entry: { type: 'leave', params } } as const;
}
