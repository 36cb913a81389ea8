/**
 * A machine's exit without a cast: xstate types the root `output` mapper's event as a done event of unknown output,
 * so each final state records its exit in `context.exit` (a `leave` action) and the root `output` reads it back here.
 */
export function exitOf<TExit>(context: { exit: TExit | null }): TExit {
  // The machine is done only through a final state, and every final state records its exit.
  if (context.exit === null) throw new Error('The flow ended without an exit.');
  return context.exit;
}
