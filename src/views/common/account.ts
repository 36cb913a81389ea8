import { createContext, useContext } from 'react';

/**
 * The logged-in person as the site header shows them (issue 19 point 2): the route layer (src/routes/root.route.tsx)
 * provides it from the stored user with the real LOG OUT, so no view reads the session or calls the API itself.
 */
export interface SiteAccount {
  email: string;
  /** §7 logout: revokes the token, clears local data and reloads, even when the call fails. */
  logOut: () => Promise<void>;
}

export const SiteAccountContext = createContext<SiteAccount | null>(null);

/** The logged-in person, or null when nobody is logged in (or outside the site's root route, e.g. in a test). */
export function useSiteAccount(): SiteAccount | null {
  return useContext(SiteAccountContext);
}
