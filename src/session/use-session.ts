/** React bindings of the session stores; the stores themselves stay framework-free. */
import { useSyncExternalStore } from 'react';
import { getApiServers, getSelectedApiServerId, subscribeApiServer } from './api-server';
import { getCurrentUser, subscribeCurrentUser } from './current-user';

/** The stored current user, re-rendering on login, refresh, logout (also in another tab). */
export function useCurrentUser() {
  return useSyncExternalStore(subscribeCurrentUser, getCurrentUser, () => null);
}

/** The selected API server's id and the configured servers (the dashboard's selector, §2). */
export function useApiServer() {
  const selectedId = useSyncExternalStore(subscribeApiServer, getSelectedApiServerId, () => 'default' as const);
  return { selectedId, servers: getApiServers() };
}
