import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/payment')({
  component: () => <NotBuiltPage title="Team payment" what="team payment flow (issue 6)" />,
});
