import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/resetpwd/forgot')({
  component: () => <NotBuiltPage title="Forgot password" what="forgotten password flow (issue 4)" />,
});
