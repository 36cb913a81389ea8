import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentUser as wireUser } from '../api/wire-samples';
import { currentUserSchema } from '../domain/user';
import { selectApiServer } from './api-server';
import { clearCurrentUser, setCurrentUser } from './current-user';
import { useApiServer, useCurrentUser } from './use-session';

vi.mock('../config', () => ({
  config: {
    apiServers: [
      { id: 'default', label: 'Main', url: '' },
      { id: 'alternate', label: 'Staging', url: 'https://staging.example.com' },
    ],
  },
}));

describe('session hooks', () => {
  it('re-render with the current user on login and logout', () => {
    const { result } = renderHook(() => useCurrentUser());
    expect(result.current).toBeNull();
    const user = currentUserSchema.parse(wireUser);
    act(() => {
      setCurrentUser(user);
    });
    expect(result.current).toEqual(user);
    act(() => clearCurrentUser());
    expect(result.current).toBeNull();
  });

  it('re-render with the selected server', () => {
    const { result } = renderHook(() => useApiServer());
    expect(result.current.selectedId).toBe('default');
    expect(result.current.servers.map((server) => server.label)).toEqual(['Main', 'Staging']);
    act(() => {
      selectApiServer('alternate');
    });
    expect(result.current.selectedId).toBe('alternate');
  });
});
