import type { ChangeEvent } from 'react';
import { isLocale, LANGUAGE_NAMES, LOCALES } from '../../i18n/runtime';
import { useLocale, useT } from '../../i18n/use-t';
import { useSiteLanguage } from './language';

/** One switch per page (the header's); a fixed id keeps the prerendered frame (scripts/prerender.ts) identical. */
export const LANGUAGE_SWITCH_ID = 'language-switch';

/**
 * The language switch every page's header shows (issue 31 point 1): a native select, so keyboards and screen readers
 * use it as they use any, labelled 'Language' in the language in use; each language is named in itself ('English',
 * 'Español') and marked with its own `lang`, so a screen reader pronounces it right. Switching keeps the page, its
 * flow's state and everything typed: only the texts change.
 */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const { choose } = useSiteLanguage();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value;
    if (isLocale(chosen)) void choose(chosen);
  };
  return (
    <span className="language-switch">
      <label className="visually-hidden" htmlFor={LANGUAGE_SWITCH_ID}>
        {t('common.languageLabel')}
      </label>
      <select id={LANGUAGE_SWITCH_ID} className="language-switch__select" value={locale} onChange={onChange}>
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </span>
  );
}
