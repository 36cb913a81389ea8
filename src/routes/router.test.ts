import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser as wireUser } from '../api/wire-samples';
import { currentUserSchema } from '../domain/user';
import { setCurrentUser } from '../session/current-user';
import { authRoute } from './_auth.route';
import { createAppRouter } from './router';

/** Every login-required address of §2 (and issue 15's), with a query where the route takes one. */
const PROTECTED = [
  '/dashboard',
  '/player',
  '/subscribe?coupon_code=SPRING',
  '/payment?payment_plan_month=3',
  '/payments',
  '/payments/update-card?membership_id=4',
  // Issue 20 point 4: the household's guardians and invites.
  '/household',
  // Issue 21 point 3: a full team's waitlist.
  '/waitlist?license=FULL-2027',
];

function routerAt(href: string) {
  return createAppRouter({ history: createMemoryHistory({ initialEntries: [href] }) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the _auth layout', () => {
  it('is the parent of every login-required route, and the only guard they have', () => {
    const router = routerAt('/');
    const children = Object.values(router.routesById).filter((route) => route.parentRoute === authRoute);
    expect(children.map((route) => route.fullPath).sort()).toEqual(
      PROTECTED.map((href) => new URL(href, 'http://x').pathname).sort(),
    );
    for (const route of children) expect(route.options.beforeLoad).toBeUndefined();
  });

  it.each(PROTECTED)('sends a visitor with no stored user from %s to /login with returnUrl', async (href) => {
    const router = routerAt(href);
    await router.load();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ returnUrl: href });
  });

  it.each(PROTECTED)('lets a logged-in user open %s, running the guard once per navigation', async (href) => {
    setCurrentUser(currentUserSchema.parse(wireUser));
    const guard = vi.spyOn(authRoute.options, 'beforeLoad');
    const router = routerAt(href);
    await router.load();
    expect(router.state.location.href).toBe(href);
    expect(router.state.matches.map((match) => match.routeId)).toContain(authRoute.id);
    expect(guard).toHaveBeenCalledOnce();
    await router.navigate({ to: '/privacy-policy' });
    await router.navigate({ to: '/payments' });
    expect(router.state.location.pathname).toBe('/payments');
    expect(guard).toHaveBeenCalledTimes(2);
  });

  it.each([...PROTECTED, '/', '/register?license=TIGERS-2027', '/licenses?license=TIGERS-2027'])(
    'runs every guard on the way to %s at most once on router.load()',
    async (href) => {
      const router = routerAt(href);
      const guards = Object.values(router.routesById).flatMap((route) =>
        route.options.beforeLoad ? [[route.id, vi.spyOn(route.options, 'beforeLoad')] as const] : [],
      );
      expect(guards.length).toBeGreaterThan(1);
      await router.load();
      const calls = guards.map(([id, spy]) => [id, spy.mock.calls.length] as const).filter(([, count]) => count > 0);
      expect(calls.length).toBeGreaterThan(0);
      for (const [id, count] of calls) expect({ id, count }).toEqual({ id, count: 1 });
    },
  );

  it('runs no guard on an open route', async () => {
    const guard = vi.spyOn(authRoute.options, 'beforeLoad');
    const router = routerAt('/privacy-policy');
    await router.load();
    expect(router.state.location.pathname).toBe('/privacy-policy');
    expect(guard).not.toHaveBeenCalled();
  });

  it("opens an invite's link without a stored user: the page itself offers logging in (issue 20 point 4)", async () => {
    const guard = vi.spyOn(authRoute.options, 'beforeLoad');
    const router = routerAt('/household/join?token=abc123');
    await router.load();
    expect(router.state.location.pathname).toBe('/household/join');
    expect(router.state.location.search).toEqual({ token: 'abc123' });
    expect(guard).not.toHaveBeenCalled();
  });
});
