import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/flows')({
  component: () => <NotBuiltPage title="Flows" what="flow diagrams page (issue 8)" />,
});
