import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_SERVER_KEY,
  apiBaseUrl,
  getApiServers,
  getSelectedApiServer,
  selectApiServer,
  subscribeApiServer,
} from './api-server';

const testConfig = vi.hoisted(() => ({
  config: {
    apiServers: [
      { id: 'default' as 'default' | 'alternate', label: 'Main', url: '' },
      { id: 'alternate' as 'default' | 'alternate', label: 'Staging', url: 'https://staging.example.com/' },
    ],
  },
}));
vi.mock('../config', () => testConfig);

const bothServers = [...testConfig.config.apiServers];

afterEach(() => {
  testConfig.config.apiServers = [...bothServers];
});

describe('selected API server', () => {
  it('is the default when nothing is stored, on the same origin', () => {
    expect(getSelectedApiServer().id).toBe('default');
    expect(apiBaseUrl()).toBe(window.location.origin);
  });

  it('remembers the alternate server', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeApiServer(listener);
    expect(selectApiServer('alternate')).toBe(true);
    unsubscribe();
    expect(listener).toHaveBeenCalledOnce();
    expect(localStorage.getItem(API_SERVER_KEY)).toBe('alternate');
    expect(getSelectedApiServer().label).toBe('Staging');
    expect(apiBaseUrl()).toBe('https://staging.example.com');
  });

  it('refuses an id that is not configured', () => {
    expect(selectApiServer('elsewhere')).toBe(false);
    expect(localStorage.getItem(API_SERVER_KEY)).toBeNull();
  });

  it.each(['alternate', 'garbage', ''])(
    'falls back to the default when the stored id %j is not configured',
    (stored) => {
      testConfig.config.apiServers = bothServers.filter((server) => server.id === 'default');
      localStorage.setItem(API_SERVER_KEY, stored);
      expect(getSelectedApiServer().id).toBe('default');
      expect(apiBaseUrl()).toBe(window.location.origin);
    },
  );

  it('falls back to the same origin when no server is configured at all', () => {
    testConfig.config.apiServers = [];
    expect(getApiServers()).toEqual([{ id: 'default', label: 'Default', url: '' }]);
    expect(apiBaseUrl()).toBe(window.location.origin);
  });
});
