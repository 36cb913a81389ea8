import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';

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

/**
 * A row's action in a console table: its label, and for screen readers the row it acts on (`rowLabel`, visually
 * hidden), since a list of identical 'Release' or 'Try again' buttons says nothing out of context.
 */
export function RowAction({
  label,
  rowLabel,
  disabled,
  onClick,
}: {
  label: string;
  rowLabel: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button button--secondary" disabled={disabled} onClick={onClick}>
      {label}
      <span className="visually-hidden">{rowLabel}</span>
    </button>
  );
}

/** A console list's view as its connect module derives it: loading, failed (with 'Try again'), or its rows. */
export type ListView<Row> =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string | null }
  | { kind: 'loaded'; rows: readonly Row[]; busy: boolean; error: string | null };

/**
 * A console list: 'Loading…' (announced), the failure with 'Try again', an action's error above the rows, `empty`
 * when there are none, else its table (named `label`): the header cells `head` and a row per item from `row`.
 */
export function ConsoleList<Row>({
  view,
  label,
  empty,
  onRetry,
  head,
  row,
}: {
  view: ListView<Row>;
  label: string;
  empty: string;
  onRetry: () => void;
  head: ReactNode;
  row: (item: Row) => ReactNode;
}) {
  const t = useT();
  if (view.kind === 'loading') return <p role="status">{t('admin.loading')}</p>;
  if (view.kind === 'failed') return <RetryAlert onRetry={onRetry}>{view.error ?? t('admin.error')}</RetryAlert>;
  return (
    <>
      {view.error !== null && <Alert>{view.error}</Alert>}
      {view.rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <TableWrap label={label} busy={view.busy}>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{view.rows.map(row)}</tbody>
        </TableWrap>
      )}
    </>
  );
}
