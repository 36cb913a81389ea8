import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Issue 21: this tab's copy of a saved registration and register step 1's typed fields live here.
  sessionStorage.clear();
});
