import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/licenses/$license')({
  component: () => <NotBuiltPage title="Licence" what="licence page (issue 5)" />,
});
