import { readItem, STORAGE_PREFIX } from './storage';

/** The storage key of the staff session (src/session/staff.ts); its own module so the console's guard stays tiny. */
export const STAFF_SESSION_KEY = `${STORAGE_PREFIX}staffSession`;

/**
 * Whether a staff session is stored on this device, unread: the console's guard runs in the family pages' shared
 * chunk, which must not grow by the session's schema. A stored value that is not a valid session is removed (and the
 * visitor sent to log in) by the console's own pages, which read it through getStaffSession.
 */
export function hasStaffSession(): boolean {
  return readItem(STAFF_SESSION_KEY) !== null;
}
