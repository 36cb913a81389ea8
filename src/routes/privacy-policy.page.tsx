import { createLazyRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../views/legal/legal-pages';

export const Route = createLazyRoute('/privacy-policy')({ component: PrivacyPolicyPage });
