/**
 * The staff session of the club's console (issue 22 point 1), kept in localStorage under its own key: never in the
 * family's session (src/session/current-user.ts): no family call ever carries a staff token, and a staff logout leaves a
 * family session alone (a family logout clears the whole device's storage, the staff session too: src/session/logout.ts).
 * What is read back is validated; anything else is removed and treated as "logged out".
 */
import { type StaffSession, staffSessionSchema } from '../domain/staff';
import { STAFF_SESSION_KEY } from './staff-key';
import { discardItem, readItem, removeItem, subscribeStorage, writeItem } from './storage';

export type { StaffSession };
export { STAFF_SESSION_KEY };

// Doubles as a getSnapshot for useSyncExternalStore: the same object while the stored string is the same.
let cachedRaw: string | null = null;
let cachedSession: StaffSession | null = null;

function parseStored(raw: string): StaffSession | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = staffSessionSchema.safeParse(json);
  return result.success ? result.data : null;
}

/** The stored staff session, or null (an invalid one is removed). */
export function getStaffSession(): StaffSession | null {
  const raw = readItem(STAFF_SESSION_KEY);
  if (raw === null) return null;
  if (raw === cachedRaw) return cachedSession;
  const session = parseStored(raw);
  if (session === null) {
    discardItem(STAFF_SESSION_KEY);
    return null;
  }
  cachedRaw = raw;
  cachedSession = session;
  return session;
}

/** The bearer token of `/api/admin` calls, or null. */
export function getStaffToken(): string | null {
  return getStaffSession()?.token ?? null;
}

/** Stores the session that login or accepting an invitation answered. */
export function setStaffSession(session: StaffSession): StaffSession {
  const valid = staffSessionSchema.parse(session);
  writeItem(STAFF_SESSION_KEY, JSON.stringify(valid));
  return valid;
}

/** Forgets the staff session on this device (after logout, or when the server no longer knows the token). */
export function clearStaffSession(): void {
  removeItem(STAFF_SESSION_KEY);
}

export { subscribeStorage as subscribeStaffSession };
