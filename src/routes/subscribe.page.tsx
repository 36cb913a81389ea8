import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/subscribe')({
  component: () => <NotBuiltPage title="Subscribe" what="subscription purchase (issue 7)" />,
});
