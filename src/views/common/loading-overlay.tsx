import { useSyncExternalStore } from 'react';
import { getLoadingSnapshot, subscribeLoading } from '../../api/loading';

/**
 * §2 Loading: a spinner overlay with backdrop while any API request is in flight. It disappears on the render after
 * the last request ends (§9's 2000 ms "loading hide" is an upper bound, not a delay to add). The spinner's motion
 * slows under prefers-reduced-motion (global.css).
 */
export function LoadingOverlay() {
  const inFlight = useSyncExternalStore(subscribeLoading, getLoadingSnapshot, () => 0);
  if (inFlight === 0) return null;
  return (
    <div
      className="loading-overlay"
      role="status"
      aria-live="polite"
      aria-label="Loading"
      data-testid="loading-overlay"
    >
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
