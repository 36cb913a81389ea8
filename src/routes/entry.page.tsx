import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/')({
  component: () => <NotBuiltPage title="Welcome" what="entry redirect (issue 4)" />,
});
