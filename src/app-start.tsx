import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './routes/router';

/**
 * Starts the site in `container`. The entry pages arrive with their frame and first heading prerendered in it
 * (scripts/prerender.ts): the route (its lazy page chunk, guards and redirects) loads before the first render, so
 * that markup stays on screen until React replaces it with the real page in one commit, never an empty frame.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const router = createAppRouter();
  // A route that fails to load renders its error through the router below.
  await router.load().catch(() => undefined);
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
