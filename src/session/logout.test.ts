import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser as wireUser } from '../api/wire-samples';
import { currentUserSchema } from '../domain/user';
import { API_SERVER_KEY } from './api-server';
import { getAthleteToken, setAthleteToken } from './athlete-token';
import { getCurrentUser, setCurrentUser } from './current-user';
import { clearLocalData, logout, silentLogout } from './logout';

const user = currentUserSchema.parse({ ...wireUser, email: 'parent@example.com', token: 'user-token' });

beforeEach(() => {
  setCurrentUser(user);
  setAthleteToken('athlete-token');
  localStorage.setItem(API_SERVER_KEY, 'default');
  localStorage.setItem('diamond.deeplink', 'app://x');
  sessionStorage.setItem('payment-step', '2');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function expectLocalDataCleared() {
  expect(getCurrentUser()).toBeNull();
  expect(getAthleteToken()).toBeNull();
  expect(localStorage.getItem('diamond.deeplink')).toBeNull();
  expect(sessionStorage.length).toBe(0);
  // A device preference, not user data.
  expect(localStorage.getItem(API_SERVER_KEY)).toBe('default');
}

describe('logout', () => {
  it('revokes the stored token, then clears local data and reloads', async () => {
    const revoke = vi.fn(async () => ({ message: 'Logged out.' }));
    const reload = vi.fn(() => {
      // The call has finished before the page reloads.
      expect(revoke).toHaveBeenCalledOnce();
    });
    await logout(revoke, { reload });
    expect(revoke).toHaveBeenCalledWith({ email: 'parent@example.com', token: 'user-token' });
    expect(reload).toHaveBeenCalledOnce();
    expectLocalDataCleared();
  });

  it.each([
    { what: 'an error answer', error: new Error('Unauthenticated.') },
    { what: 'a network failure', error: new TypeError('Failed to fetch') },
  ])('clears local data and reloads even after $what', async ({ error }) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    await expect(logout(() => Promise.reject(error), { reload })).resolves.toBeUndefined();
    expect(reload).toHaveBeenCalledOnce();
    expect(errorLog).toHaveBeenCalledOnce();
    expectLocalDataCleared();
  });

  it('makes no call without a stored user, and still clears and reloads', async () => {
    localStorage.removeItem('diamond.currentUser');
    const revoke = vi.fn(async () => ({}));
    const reload = vi.fn();
    await logout(revoke, { reload });
    expect(revoke).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
    expectLocalDataCleared();
  });

  it('logs out silently: local data cleared, no reload', () => {
    silentLogout();
    expectLocalDataCleared();
  });

  it('clears local data on request', () => {
    clearLocalData();
    expectLocalDataCleared();
  });
});
