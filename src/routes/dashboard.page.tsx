import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/dashboard')({
  component: () => <NotBuiltPage title="Your Account" what="dashboard (issue 4)" />,
});
