import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/draft')({
  component: () => <NotBuiltPage title="Registration Preview" what="draft preview (issue 6)" />,
});
