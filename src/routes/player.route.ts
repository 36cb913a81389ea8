import { createRoute } from '@tanstack/react-router';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';

export const playerRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/player',
}).lazy(withTexts(['player'], () => import('./player.page').then((m) => m.Route)));
