import type { ReactNode } from 'react';

/**
 * A message the user must notice. Errors use role="alert" (announced at once); notices use role="status".
 * Multi-line texts (the §8 mapping joins messages with line breaks) keep their breaks.
 */
export function Alert({
  tone = 'error',
  children,
  id,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
  id?: string;
}) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`alert alert--${tone}`}>
      {children}
    </div>
  );
}
