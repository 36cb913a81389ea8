import { lazy, Suspense, useId } from 'react';
import { waiverHasMarkup } from '../../domain/payment-rules';
import { useT } from '../../i18n/use-t';

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
  organization,
  onChange,
}: {
  waiver: string;
  /**
   * In a family checkout, the organization whose waiver this is (issue 20: one per organization): the heading is
   * '<organization> waiver'. Without it the heading is 'Waiver'.
   */
  organization?: string | undefined;
  agreed: boolean;
  touched: boolean;
  disabled?: boolean;
  onChange: (agreed: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  const headingId = `${id}-heading`;
  const checkboxId = `${id}-agree`;
  const errorId = `${id}-error`;
  const showError = touched && !agreed;
  const title = organization === undefined ? t('payment.waiver') : t('payment.organizationWaiver', { organization });
  const textLabel =
    organization === undefined ? t('payment.waiverText') : t('payment.organizationWaiverText', { organization });
  return (
    <div className="waiver">
      <h2 id={headingId}>{title}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long waiver (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="waiver__text" aria-label={textLabel} tabIndex={0}>
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
          {t('payment.agreeTerms')}
          {organization === undefined ? null : <span className="visually-hidden"> ({title})</span>}
        </label>
      </div>
      {showError && (
        <p id={errorId} className="field-error" role="alert">
          {t('payment.mustAgree')}
        </p>
      )}
    </div>
  );
}
