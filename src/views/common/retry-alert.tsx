import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { Alert } from './alert';

/**
 * A failure the user can retry: the error, then a 'Try again' button that asks the flow's machine to load again
 * (disabled while the machine would not take it: `canRetry`), with the screen's other ways out (`actions`) beside it.
 */
export function RetryAlert({
  children,
  onRetry,
  canRetry = true,
  actions,
}: {
  children: ReactNode;
  onRetry: () => void;
  canRetry?: boolean;
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <Alert>{children}</Alert>
      <div className="button-row">
        <button type="button" className="button" disabled={!canRetry} onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
        {actions}
      </div>
    </>
  );
}
