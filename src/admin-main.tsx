import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadGroups } from './i18n/runtime';
import { startConsoleLanguage } from './routes/admin-language';
import { createAdminRouter } from './routes/admin-router';

/**
 * The club console's entry (admin.html, every /admin/* page): its own router over the console's routes only, so the
 * family site's pages never load the console's route definitions (npm run bench budgets their first visits).
 */
const container = document.getElementById('root');
if (!container) throw new Error('admin.html lacks #root');

// Issue 31: the console opens in the language of a `lang=` link, the staff member's saved preference, this device's
// or the browser's (the site's order), its shell's texts loaded first.
startConsoleLanguage(window.location.search, navigator.languages);
const router = createAdminRouter();
await Promise.all([loadGroups(['common']).catch(() => undefined), router.load().catch(() => undefined)]);
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
