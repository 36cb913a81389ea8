import { useT } from '../../i18n/use-t';
/**
 * §2 Loading: a spinner overlay with backdrop while any API request is in flight (`inFlight`: the count the root route
 * reads from src/api/loading.ts). It disappears on the render after the last request ends (§9's 2000 ms "loading
 * hide" is an upper bound, not a delay to add). The spinner's motion slows under prefers-reduced-motion (global.css).
 */
export function LoadingOverlay({ inFlight }: { inFlight: number }) {
  const t = useT();
  if (inFlight === 0) return null;
  return (
    <div
      className="loading-overlay"
      role="status"
      aria-live="polite"
      aria-label={t('common.loading')}
      data-testid="loading-overlay"
    >
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
