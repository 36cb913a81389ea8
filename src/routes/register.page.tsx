import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/register')({
  component: () => <NotBuiltPage title="Register" what="register wizard (issue 4)" />,
});
