import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configProblem } from './config';
import { createAppRouter } from './routes/router';
import { ConfigErrorPage } from './views/common/config-error-page';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = createRoot(container);

if (configProblem) {
  // An invalid build stops here and says which variable is wrong instead of running half-configured.
  root.render(<ConfigErrorPage message={configProblem} />);
} else {
  root.render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}
