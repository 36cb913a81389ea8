/**
 * The current user of §3, kept in localStorage under one key. What is read back is validated with the same schema
 * as the API's answer: corrupt JSON or a wrong shape (an older version, a hand edit) is removed and treated as
 * "logged out", never an exception.
 */
import { type CurrentUser, currentUserSchema, type User } from '../domain/user';
import { discardItem, readItem, removeItem, STORAGE_PREFIX, subscribeStorage, writeItem } from './storage';

export const CURRENT_USER_KEY = `${STORAGE_PREFIX}currentUser`;

export type { CurrentUser };

// getCurrentUser doubles as useSyncExternalStore's getSnapshot, which must return the same object while nothing
// changed: cache the parse per stored string.
let cachedRaw: string | null = null;
let cachedUser: CurrentUser | null = null;

function parseStored(raw: string): CurrentUser | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = currentUserSchema.safeParse(json);
  return result.success ? result.data : null;
}

/** The stored user, or null when none (or when what was stored is not a valid user, which is then removed). */
export function getCurrentUser(): CurrentUser | null {
  const raw = readItem(CURRENT_USER_KEY);
  if (raw === null) return null;
  if (raw === cachedRaw) return cachedUser;
  const user = parseStored(raw);
  if (user === null) {
    discardItem(CURRENT_USER_KEY);
    return null;
  }
  cachedRaw = raw;
  cachedUser = user;
  return user;
}

/** Stores the user that login, token login or register answered (it carries the session token). */
export function setCurrentUser(user: CurrentUser): CurrentUser {
  const valid = currentUserSchema.parse(user);
  writeItem(CURRENT_USER_KEY, JSON.stringify(valid));
  return valid;
}

/**
 * Merges fresh fields (e.g. GET /api/user, which has no token) into the stored user, keeping its token and its
 * deeplink unless a new one is given: the deeplink is handed out once, by the registration (§4 Register), and a later
 * refresh answers without it. Returns the stored result, or null when no user is stored.
 */
export function updateCurrentUser(changes: Partial<User>): CurrentUser | null {
  const current = getCurrentUser();
  if (current === null) return null;
  const { token, deeplink, ...rest } = changes;
  return setCurrentUser({ ...current, ...rest, token: token ?? current.token, deeplink: deeplink ?? current.deeplink });
}

export function clearCurrentUser(): void {
  removeItem(CURRENT_USER_KEY);
}

export function isLoggedIn(): boolean {
  return getCurrentUser() !== null;
}

/** For React's useSyncExternalStore(subscribeCurrentUser, getCurrentUser). */
export function subscribeCurrentUser(listener: () => void): () => void {
  return subscribeStorage(listener);
}
