/**
 * The in-flight request counter behind the loading overlay (§2 Loading, design §7). Every call of the API client
 * begins once and ends exactly once, whatever happens to it; the overlay shows while the count is above zero.
 * Shaped for React's useSyncExternalStore(subscribeLoading, getLoadingSnapshot).
 */

let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Counts one request in; the returned function counts it out, and does nothing when called again. */
export function beginRequest(): () => void {
  inFlight += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight = Math.max(0, inFlight - 1);
    emit();
  };
}

/** The number of requests in flight. */
export function getLoadingSnapshot(): number {
  return inFlight;
}

export function isLoading(): boolean {
  return inFlight > 0;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
