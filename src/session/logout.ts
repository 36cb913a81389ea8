/**
 * Logging out (§7 POST /api/auth/logout): revoke the token on the server, then clear every piece of local data and
 * reload, even when the call fails (offline, token already revoked). The selected API server is a device preference,
 * not user data, and survives.
 *
 * The session imports nothing from src/api (the api reads the session, one way): the caller passes the revoking call,
 * `logout(logoutRequest)` with src/api/auth.ts's POST /api/auth/logout.
 */
import { API_SERVER_KEY } from './api-server';
import { getCurrentUser } from './current-user';
import { clearAllExcept } from './storage';

/** Revokes the stored user's token on the server (src/api/auth.ts `logoutRequest`). */
export type RevokeToken = (credentials: { email: string; token: string }) => Promise<unknown>;

export interface LogoutOptions {
  /** Reloads the page; injectable for tests. Defaults to window.location.reload. */
  reload?: () => void;
}

/** Clears the stored user, the athlete token and all other local and session storage except the server choice. */
export function clearLocalData(): void {
  clearAllExcept([API_SERVER_KEY]);
}

/** LOG OUT: revokes the token when a user is stored, then clears local data and reloads, whatever the call did. */
export async function logout(
  revoke: RevokeToken,
  { reload = () => window.location.reload() }: LogoutOptions = {},
): Promise<void> {
  const user = getCurrentUser();
  try {
    if (user) await revoke({ email: user.email, token: user.token });
  } catch (error) {
    // The server may already have forgotten the token; the person still wants out of this browser.
    console.error('Logout call failed; clearing local data anyway', error);
  } finally {
    clearLocalData();
    reload();
  }
}

/** The flows' "silently logged out" (§4): local data cleared, no call, no reload. */
export function silentLogout(): void {
  clearLocalData();
}
