import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { addAllCatalogues } from './i18n/all-catalogues';
import { initLocale } from './i18n/runtime';

// Issue 31: the views take their texts from the catalogue; tests render in English unless they switch.
addAllCatalogues();
initLocale('en');

// Testing Library turns React's act environment on for the file that first imports it (a beforeAll it registers at
// import) and back off after it; the projects whose files share one module graph (vitest.config.ts, isolate: false)
// import it once per worker, so every file turns it on here.
type ActGlobal = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  const actGlobal: ActGlobal = globalThis;
  actGlobal.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  cleanup();
  initLocale('en');
  localStorage.clear();
  // Issue 21: this tab's copy of a saved registration and register step 1's typed fields live here.
  sessionStorage.clear();
});
