import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAdminRouter } from './routes/admin-router';

/**
 * The club console's entry (admin.html, every /admin/* page): its own router over the console's routes only, so the
 * family site's pages never load the console's route definitions (npm run bench budgets their first visits).
 */
const container = document.getElementById('root');
if (!container) throw new Error('admin.html lacks #root');

const router = createAdminRouter();
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
