import { createLazyRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '../views/common/not-built-page';

export const Route = createLazyRoute('/contact-coach')({
  component: () => <NotBuiltPage title="Contact your coach" what="contact-coach page (issue 4)" />,
});
