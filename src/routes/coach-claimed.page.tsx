import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/coach-claimed')({
  component: () => <NotBuiltPage title="Coach licence claimed" what="coach claimed page (issue 5)" />,
});
