import type { ReactNode } from 'react';

/**
 * A console table in a wrapper that scrolls sideways on a narrow screen (375 px), reachable and named for the
 * keyboard; `caption` names the table too.
 */
export function TableWrap({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <section
      className="admin-table-wrap"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a wide table (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
    >
      <table className="admin-table" aria-busy={busy}>
        {children}
      </table>
    </section>
  );
}
