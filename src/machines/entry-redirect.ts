import type { CurrentUser } from '../api/schemas';

/**
 * Where the empty route '' sends a person (spec §4 Routing redirector). A pure function rather than a machine
 * (design.md §3 allows either): it has no steps, no calls and no waiting, only a decision on the stored user.
 */
export type EntryDestination =
  | { readonly to: '/login' }
  | { readonly to: '/dashboard' }
  | { readonly to: '/apps' }
  | {
      readonly to: '/licenses/$license';
      readonly params: { readonly license: string };
      readonly search: { readonly claimed_registration: true };
    };

/** The fields of the stored user (§3) the redirector reads. */
export type EntryUser = Pick<CurrentUser, 'is_coach' | 'is_new' | 'license'>;

/**
 * §4 lists four rules that overlap: "a coach, or an existing account without a new-account flag → /dashboard" also
 * matches "an existing account with a licence → /apps". Taken in the order written, /apps could never be reached,
 * so the rules are resolved most specific first:
 *
 * 1. no stored user → /login;
 * 2. a coach → /dashboard, whatever else holds (the coach rule names no exception, and a coach's licence is a coach
 *    licence whose status the dashboard shows, §4 Subscription status messages);
 * 3. a new account with a licence → /licenses/{license}?claimed_registration=true;
 * 4. an existing account with a licence → /apps;
 * 5. anyone else → /dashboard: an existing account without a licence (the rule's own case) and a new account without
 *    a licence, which §4 leaves open and which has nothing to claim.
 */
export function entryDestination(user: EntryUser | null): EntryDestination {
  if (user === null) return { to: '/login' };
  if (user.is_coach) return { to: '/dashboard' };
  const license = user.license?.license_code ?? null;
  if (license !== null && user.is_new) {
    return { to: '/licenses/$license', params: { license }, search: { claimed_registration: true } };
  }
  if (license !== null) return { to: '/apps' };
  return { to: '/dashboard' };
}
