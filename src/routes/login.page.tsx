import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/login')({
  component: () => <NotBuiltPage title="Log in" what="login wizard (issue 4)" />,
});
