import { createLazyRoute } from '@tanstack/react-router';
import { TermsOfUsePage } from '../views/legal/legal-pages';

export const Route = createLazyRoute('/terms-of-use')({ component: TermsOfUsePage });
