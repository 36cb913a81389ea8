import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLocale } from './i18n/detect';
import { initLocale, loadGroups } from './i18n/runtime';
import { createAdminRouter } from './routes/admin-router';
import { readDeviceLanguage } from './session/language';

/**
 * The club console's entry (admin.html, every /admin/* page): its own router over the console's routes only, so the
 * family site's pages never load the console's route definitions (npm run bench budgets their first visits).
 */
const container = document.getElementById('root');
if (!container) throw new Error('admin.html lacks #root');

// Issue 31: the console opens in the language chosen on this device (or the browser's), its shell's texts loaded first.
initLocale(
  detectLocale({
    search: window.location.search,
    account: null,
    device: readDeviceLanguage(),
    browser: navigator.languages,
  }),
);
const router = createAdminRouter();
await Promise.all([loadGroups(['common']).catch(() => undefined), router.load().catch(() => undefined)]);
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
