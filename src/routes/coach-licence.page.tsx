import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/coach/$license')({
  component: () => <NotBuiltPage title="Coach licence" what="coach licence page (issue 5)" />,
});
