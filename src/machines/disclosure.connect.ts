/**
 * A console disclosure that loads its rows when opened (admin-answers.machine.ts, admin-exceptions.machine.ts: closed,
 * loading, shown, failed) as its connect module gives it to the view, beside the rows it builds.
 */
interface DisclosureSnapshot {
  matches(state: 'closed' | 'loading' | 'shown' | 'failed'): boolean;
  context: { errorText: string | null };
}

export function disclosureOf(snapshot: DisclosureSnapshot) {
  return {
    open: !snapshot.matches('closed'),
    loading: snapshot.matches('loading'),
    shown: snapshot.matches('shown'),
    failed: snapshot.matches('failed'),
    errorText: snapshot.context.errorText,
  };
}
