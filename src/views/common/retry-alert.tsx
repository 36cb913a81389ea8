import type { ReactNode } from 'react';
import { Alert } from './alert';

/** A failure the user can retry: the error, then a 'Try again' button that asks the flow's machine to load again. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <>
      <Alert>{children}</Alert>
      <div className="button-row">
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    </>
  );
}
