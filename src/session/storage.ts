/**
 * Safe access to the browser's localStorage for the session modules. Storage can be missing, full or refused
 * (private windows, disabled cookies); none of that may crash the page, so every access is guarded and failures
 * degrade to "nothing stored". Changes made here, or in another tab, are announced to subscribers.
 */

/** Every key the site writes starts with this, so local data can be told apart from anyone else's. */
export const STORAGE_PREFIX = 'diamond.';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (error) {
    console.error(`Could not save ${key} in local storage`, error);
  }
  notifyStorageChange();
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored is the state we wanted.
  }
  notifyStorageChange();
}

/**
 * Removes a stored value that was found invalid while reading. Readers already treat it as absent, so nothing
 * observable changes and subscribers are not called (reads may happen during a React render).
 */
export function discardItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Still treated as absent by the reader.
  }
}

/** Clears localStorage and sessionStorage except the given localStorage keys (device preferences). */
export function clearAllExcept(keep: readonly string[]): void {
  const kept = keep.map((key) => [key, readItem(key)] as const);
  try {
    storage()?.clear();
  } catch {
    // Ignored: see removeItem.
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // Ignored: see removeItem.
  }
  for (const [key, value] of kept) {
    if (value !== null) {
      try {
        storage()?.setItem(key, value);
      } catch {
        // The preference is lost; the default applies.
      }
    }
  }
  notifyStorageChange();
}

export function notifyStorageChange(): void {
  for (const listener of [...listeners]) listener();
}

function onOtherTabChange(event: StorageEvent): void {
  if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) notifyStorageChange();
}

/** Calls `listener` after any change of the site's stored data, in this tab or another. */
export function subscribeStorage(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onOtherTabChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onOtherTabChange);
    }
  };
}
