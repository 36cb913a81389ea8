/**
 * The API server the site talks to (§2 Dashboard, §7): the configured default, or the optional alternate when a
 * person picked it. The choice is remembered on this device; a remembered id that is no longer configured falls
 * back to the default.
 */
import { config } from '../config';
import { readItem, STORAGE_PREFIX, subscribeStorage, writeItem } from './storage';

export type ApiServerId = 'default' | 'alternate';

export interface ApiServer {
  id: ApiServerId;
  label: string;
  /** Base URL; '' means the site's own origin. */
  url: string;
}

export const API_SERVER_KEY = `${STORAGE_PREFIX}apiServer`;

const SAME_ORIGIN_DEFAULT: ApiServer = { id: 'default', label: 'Default', url: '' };

export function getApiServers(): readonly ApiServer[] {
  return config.apiServers.length > 0 ? config.apiServers : [SAME_ORIGIN_DEFAULT];
}

function defaultServer(servers: readonly ApiServer[]): ApiServer {
  return servers.find((server) => server.id === 'default') ?? servers[0] ?? SAME_ORIGIN_DEFAULT;
}

export function getSelectedApiServer(): ApiServer {
  const servers = getApiServers();
  const storedId = readItem(API_SERVER_KEY);
  return servers.find((server) => server.id === storedId) ?? defaultServer(servers);
}

/** Remembers the choice; returns false (and changes nothing) for an id that is not configured. */
export function selectApiServer(id: string): boolean {
  if (!getApiServers().some((server) => server.id === id)) return false;
  writeItem(API_SERVER_KEY, id);
  return true;
}

function siteOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/** The absolute base URL of the selected server, without a trailing slash (relative URLs resolve on the site). */
export function apiBaseUrl(server: ApiServer = getSelectedApiServer()): string {
  const base = server.url.trim() === '' ? siteOrigin() : new URL(server.url, siteOrigin()).href;
  return base.replace(/\/+$/, '');
}

/** For React's useSyncExternalStore: the selected server's id changes when a person switches servers. */
export function subscribeApiServer(listener: () => void): () => void {
  return subscribeStorage(listener);
}

export function getSelectedApiServerId(): ApiServerId {
  return getSelectedApiServer().id;
}
