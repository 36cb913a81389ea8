/**
 * §6: an athlete has a token of their own; once a guardian picks or creates an athlete, that token is stored and used
 * for the payment calls while present (see `auth: 'payer'` in src/api/client.ts).
 */
import { discardItem, readItem, removeItem, STORAGE_PREFIX, subscribeStorage, writeItem } from './storage';

export const ATHLETE_TOKEN_KEY = `${STORAGE_PREFIX}athleteToken`;

function isToken(value: string | null): value is string {
  return value !== null && value.trim() !== '' && !/\s/.test(value);
}

/** The stored athlete token, or null; anything that is not a token is removed. */
export function getAthleteToken(): string | null {
  const stored = readItem(ATHLETE_TOKEN_KEY);
  if (stored === null) return null;
  if (isToken(stored)) return stored;
  discardItem(ATHLETE_TOKEN_KEY);
  return null;
}

export function setAthleteToken(token: string): void {
  if (!isToken(token)) throw new TypeError('An athlete token must be a non-empty string without spaces.');
  writeItem(ATHLETE_TOKEN_KEY, token);
}

export function clearAthleteToken(): void {
  removeItem(ATHLETE_TOKEN_KEY);
}

export function subscribeAthleteToken(listener: () => void): () => void {
  return subscribeStorage(listener);
}
