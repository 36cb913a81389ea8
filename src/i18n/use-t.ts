import { useSyncExternalStore } from 'react';
import { currentLocale, type Locale, subscribeLocale, t } from './runtime';

/** The language in use; the component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
}

/**
 * The typed `t` for a view: the component re-renders in the new language when the language changes, keeping its
 * state and everything typed.
 */
export function useT(): typeof t {
  useLocale();
  return t;
}
