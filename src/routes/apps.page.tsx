import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/apps')({
  component: () => <NotBuiltPage title="Get the app" what="apps page (issue 5)" />,
});
