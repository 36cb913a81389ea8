import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { currentUserSchema } from '../api/schemas';
import { currentUser as wireUser } from '../api/wire-samples';
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
  it('revokes the token, then clears local data and reloads', async () => {
    const requests = stubFetch(() => jsonResponse({ message: 'Logged out.' }));
    const reload = vi.fn(() => {
      // The call has finished before the page reloads.
      expect(requests).toHaveLength(1);
    });
    await logout({ reload });
    expect(requests[0]?.url).toBe(`${window.location.origin}/api/auth/logout`);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ email: 'parent@example.com', token: 'user-token' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
    expect(reload).toHaveBeenCalledOnce();
    expectLocalDataCleared();
  });

  it.each([
    { what: 'an error answer', answer: () => jsonResponse({ message: 'Unauthenticated.', messages: {} }, 401) },
    {
      what: 'a network failure',
      answer: () => {
        throw new TypeError('Failed to fetch');
      },
    },
  ])('clears local data and reloads even after $what', async ({ answer }) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(answer);
    const reload = vi.fn();
    await expect(logout({ reload })).resolves.toBeUndefined();
    expect(reload).toHaveBeenCalledOnce();
    expect(errorLog).toHaveBeenCalledOnce();
    expectLocalDataCleared();
  });

  it('makes no call without a stored user, and still clears and reloads', async () => {
    localStorage.removeItem('diamond.currentUser');
    const requests = stubFetch(() => jsonResponse({ message: 'Logged out.' }));
    const reload = vi.fn();
    await logout({ reload });
    expect(requests).toHaveLength(0);
    expect(reload).toHaveBeenCalledOnce();
    expectLocalDataCleared();
  });

  it('logs out silently: local data cleared, no call, no reload', () => {
    const requests = stubFetch(() => jsonResponse({ message: 'Logged out.' }));
    silentLogout();
    expect(requests).toHaveLength(0);
    expectLocalDataCleared();
  });

  it('clears local data on request', () => {
    clearLocalData();
    expectLocalDataCleared();
  });
});
