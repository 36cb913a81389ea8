import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/player')({
  component: () => <NotBuiltPage title="Player profile" what="player profile (issue 7)" />,
});
