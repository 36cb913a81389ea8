import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addAllCatalogues } from './i18n/all-catalogues';
import { initLocale } from './i18n/runtime';

// Issue 31: the views take their texts from the catalogue; tests render in English unless they switch.
addAllCatalogues();
initLocale('en');

afterEach(() => {
  cleanup();
  initLocale('en');
  localStorage.clear();
  // Issue 21: this tab's copy of a saved registration and register step 1's typed fields live here.
  sessionStorage.clear();
});
