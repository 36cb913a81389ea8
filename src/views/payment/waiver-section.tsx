import { lazy, Suspense, useId } from 'react';
import { waiverHasMarkup } from '../../domain/payment-rules';
import { waiverTextFor } from '../../domain/waiver-texts';
import { useLocale, useT } from '../../i18n/use-t';
import { Alert } from '../common/alert';

/** The sanitizer's chunk, fetched only when a waiver with markup is shown (./waiver-markup.tsx). */
const WaiverMarkup = lazy(() => import('./waiver-markup'));

/**
 * The organization's waiver (§2 checkout and waiver-only page): a 150 px scroll area (§9), HTML sanitized with
 * DOMPurify when the organization pasted markup (./waiver-markup.tsx, loaded then), and the agreement box of §5 with its error once unticked.
 *
 * Issue 31 point 4: in Spanish, the organization's Spanish text (`waiverEs`) when it wrote one; else its English text,
 * marked as English, under 'Este texto solo está disponible en inglés.' (`waiver.onlyInEnglish`: the page's route loads
 * the `waiver` group). In English the English text, never the notice. The server records the same choice as the
 * language agreed to (src/domain/waiver-texts.ts).
 */
export function WaiverSection({
  waiver,
  waiverEs,
  agreed,
  touched,
  disabled = false,
  organization,
  notice = null,
  onChange,
}: {
  waiver: string;
  /** The waiver's Spanish text, shown instead on Spanish pages; null or absent: none. */
  waiverEs?: string | null | undefined;
  /**
   * In a family checkout, the organization whose waiver this is (issue 20: one per organization): the heading is
   * '<organization> waiver'. Without it the heading is 'Waiver'.
   */
  organization?: string | undefined;
  agreed: boolean;
  touched: boolean;
  disabled?: boolean;
  /**
   * Issue 32 point 3: the server's text when Pay Now was refused because this waiver changed since it was shown ('The
   * waiver has changed since you read it. Read the new text and agree to it again.'), above the new text and tied to
   * the agreement box; null: none.
   */
  notice?: string | null;
  onChange: (agreed: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const shown = waiverTextFor({ waiver, waiverEs }, locale);
  const text = shown?.text ?? waiver;
  // Only the English text exists for a page in another language: the notice says so, and the text is marked English.
  const onlyInEnglish = locale !== 'en' && shown?.language === 'en';
  const noticeId = `${id}-notice`;
  // The text's own language, marked where it is not the page's (screen readers then read it as English).
  const textLang = onlyInEnglish ? 'en' : undefined;
  const changedId = `${id}-changed`;
  const describedBy = onlyInEnglish ? noticeId : undefined;
  const headingId = `${id}-heading`;
  const checkboxId = `${id}-agree`;
  const errorId = `${id}-error`;
  const showError = touched && !agreed;
  const boxDescribedBy = [notice === null ? null : changedId, showError ? errorId : null].filter(Boolean).join(' ');
  const title = organization === undefined ? t('payment.waiver') : t('payment.organizationWaiver', { organization });
  const textLabel =
    organization === undefined ? t('payment.waiverText') : t('payment.organizationWaiverText', { organization });
  return (
    <div className="waiver">
      <h2 id={headingId}>{title}</h2>
      {notice !== null && <Alert id={changedId}>{notice}</Alert>}
      {onlyInEnglish && (
        <p id={noticeId} className="waiver__notice">
          {t('waiver.onlyInEnglish')}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a long waiver (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="waiver__text" aria-label={textLabel} aria-describedby={describedBy} tabIndex={0}>
        {waiverHasMarkup(text) ? (
          // The scroll area's height is fixed (§9): the text arriving with its chunk shifts nothing.
          <Suspense fallback={null}>
            <WaiverMarkup waiver={text} lang={textLang} />
          </Suspense>
        ) : (
          <p className="waiver__plain" lang={textLang}>
            {text}
          </p>
        )}
      </section>
      <div className="checkbox">
        <input
          id={checkboxId}
          type="checkbox"
          checked={agreed}
          disabled={disabled}
          aria-invalid={showError ? true : undefined}
          aria-describedby={boxDescribedBy === '' ? undefined : boxDescribedBy}
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
