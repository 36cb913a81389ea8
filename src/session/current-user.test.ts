import { describe, expect, it, vi } from 'vitest';
import { currentUser as wireUser } from '../api/wire-samples';
import { currentUserSchema } from '../domain/user';
import {
  CURRENT_USER_KEY,
  clearCurrentUser,
  getCurrentUser,
  isLoggedIn,
  setCurrentUser,
  subscribeCurrentUser,
  updateCurrentUser,
} from './current-user';

const user = currentUserSchema.parse(wireUser);

describe('current user in localStorage', () => {
  it('is null when nothing is stored', () => {
    expect(getCurrentUser()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('reads back what was stored, validated, as the same object until it changes', () => {
    setCurrentUser(user);
    const first = getCurrentUser();
    expect(first).toEqual(user);
    expect(getCurrentUser()).toBe(first);
    expect(isLoggedIn()).toBe(true);
  });

  it.each([
    { what: 'corrupt JSON', stored: '{"id": 1,' },
    { what: 'a wrong shape', stored: JSON.stringify({ id: 1, email: 'a@b.c' }) },
    { what: 'a user without a token', stored: JSON.stringify({ ...user, token: undefined }) },
    { what: 'a JSON string', stored: JSON.stringify('user') },
    { what: 'null', stored: 'null' },
  ])('treats $what as logged out and removes it, without throwing', ({ stored }) => {
    localStorage.setItem(CURRENT_USER_KEY, stored);
    expect(getCurrentUser()).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('refuses to store an invalid user', () => {
    expect(() => setCurrentUser({ ...user, token: '' })).toThrow();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('merges a refresh into the stored user and keeps its token', () => {
    setCurrentUser(user);
    const fresh = { ...user, token: undefined, is_coach: true, has_subscription: false };
    const updated = updateCurrentUser(fresh);
    expect(updated).toEqual({ ...user, is_coach: true, has_subscription: false });
    expect(getCurrentUser()).toEqual(updated);
    expect(updateCurrentUser({ token: 'new-token' })?.token).toBe('new-token');
  });

  it('keeps the stored deeplink through a refresh that has none (§4 Register)', () => {
    setCurrentUser({ ...user, deeplink: 'diamondacademy://claim/ABC' });
    expect(updateCurrentUser({ ...user, token: undefined, deeplink: null })?.deeplink).toBe(
      'diamondacademy://claim/ABC',
    );
    expect(updateCurrentUser({ is_new: false })?.deeplink).toBe('diamondacademy://claim/ABC');
    expect(getCurrentUser()?.deeplink).toBe('diamondacademy://claim/ABC');
    expect(updateCurrentUser({ deeplink: 'diamondacademy://claim/XYZ' })?.deeplink).toBe('diamondacademy://claim/XYZ');
  });

  it('updates nothing when no user is stored', () => {
    expect(updateCurrentUser({ is_coach: true })).toBeNull();
    expect(getCurrentUser()).toBeNull();
  });

  it('clears the user', () => {
    setCurrentUser(user);
    clearCurrentUser();
    expect(getCurrentUser()).toBeNull();
  });

  it('notifies subscribers on set, update and clear, and on changes from another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCurrentUser(listener);
    setCurrentUser(user);
    updateCurrentUser({ is_new: true });
    clearCurrentUser();
    expect(listener).toHaveBeenCalledTimes(3);
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_USER_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-else' }));
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    setCurrentUser(user);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('survives a storage that refuses access', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getCurrentUser()).toBeNull();
    vi.restoreAllMocks();
  });
});
