import { lazy, Suspense, useId } from 'react';
import { WAIVER_AGREEMENT_LABEL, WAIVER_REQUIRED, waiverHasMarkup } from '../../domain/payment-rules';

/** The sanitizer's chunk, fetched only when a waiver with markup is shown (./waiver-markup.tsx). */
const WaiverMarkup = lazy(() => import('./waiver-markup'));

/**
 * The organization's waiver (§2 checkout and waiver-only page): a 150 px scroll area (§9), HTML sanitized with
 * DOMPurify when the organization pasted markup (./waiver-markup.tsx, loaded then), and the agreement box of §5 with its error once unticked.
 */
export function WaiverSection({
  waiver,
  agreed,
  touched,
  disabled = false,
  title = 'Waiver',
  onChange,
}: {
  waiver: string;
  /** The heading: 'Waiver', or in a family checkout the organization's waiver (issue 20: one per organization). */
  title?: string;
  agreed: boolean;
  touched: boolean;
  disabled?: boolean;
  onChange: (agreed: boolean) => void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const checkboxId = `${id}-agree`;
  const errorId = `${id}-error`;
  const showError = touched && !agreed;
  return (
    <div className="waiver">
      <h2 id={headingId}>{title}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long waiver (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="waiver__text" aria-label={title === 'Waiver' ? 'Waiver text' : `${title} text`} tabIndex={0}>
        {waiverHasMarkup(waiver) ? (
          // The scroll area's height is fixed (§9): the text arriving with its chunk shifts nothing.
          <Suspense fallback={null}>
            <WaiverMarkup waiver={waiver} />
          </Suspense>
        ) : (
          <p className="waiver__plain">{waiver}</p>
        )}
      </section>
      <div className="checkbox">
        <input
          id={checkboxId}
          type="checkbox"
          checked={agreed}
          disabled={disabled}
          aria-invalid={showError ? true : undefined}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={checkboxId}>
          {WAIVER_AGREEMENT_LABEL}
          {title === 'Waiver' ? null : <span className="visually-hidden"> ({title})</span>}
        </label>
      </div>
      {showError && (
        <p id={errorId} className="field-error" role="alert">
          {WAIVER_REQUIRED}
        </p>
      )}
    </div>
  );
}
