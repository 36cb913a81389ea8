import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadGroups } from './i18n/runtime';
import { startLanguage } from './routes/language';
import { createAppRouter } from './routes/router';

/**
 * Starts the site in `container`. The entry pages arrive with their frame and first heading prerendered in it
 * (scripts/prerender.ts), in the language the site opens in: the route (its lazy page chunk, guards and redirects)
 * and its texts load before the first render, so that markup stays on screen until React replaces it with the real
 * page in one commit, never an empty frame, and with the same texts.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  // Issue 31 point 1: the language first, so every catalogue the route loads is in it.
  startLanguage();
  const router = createAppRouter();
  // A route that fails to load renders its error through the router below.
  // A catalogue that cannot load leaves its keys showing; the page still works.
  await Promise.all([loadGroups(['common']).catch(() => undefined), router.load().catch(() => undefined)]);
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser, where a plain first render is one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
