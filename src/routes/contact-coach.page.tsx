import { createLazyRoute } from '@tanstack/react-router';
import { ContactCoachView } from '../views/contact-coach/contact-coach-view';

export const Route = createLazyRoute('/contact-coach')({
  component: ContactCoachView,
});
