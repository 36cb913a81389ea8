import { readItem, STORAGE_PREFIX, writeItem } from './storage';

/** Issue 31 point 1: the language chosen on this device (the switch, or a link's `lang=`), for the next visit. */
export const LANGUAGE_KEY = `${STORAGE_PREFIX}language`;

export function readDeviceLanguage(): string | null {
  return readItem(LANGUAGE_KEY);
}

export function rememberDeviceLanguage(language: string): void {
  writeItem(LANGUAGE_KEY, language);
}
