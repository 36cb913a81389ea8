import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfigDefine } from '../vite.config.ts';
import { config } from './config';
import { ConfigError, parseConfig } from './config-schema';

describe('the configuration compiled into the site', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the validated configuration of the VITE_* variables, read by src/config.ts', () => {
    vi.stubEnv('VITE_CLIENT_NAME', 'Lakeside Academy');
    const compiled = JSON.parse(siteConfigDefine('test').__SITE_CONFIG__);
    expect(compiled).toEqual(parseConfig({ VITE_CLIENT_NAME: 'Lakeside Academy' }));
    expect(compiled.clientName).toBe('Lakeside Academy');
    // The tests' own build of the site (vitest.config.ts) carries the defaults.
    expect(config).toEqual(parseConfig({}));
  });

  it('refuses an invalid variable before anything is built, naming it', () => {
    vi.stubEnv('VITE_CLIENT_ID', 'abc');
    expect(() => siteConfigDefine('test')).toThrow(ConfigError);
    expect(() => siteConfigDefine('test')).toThrow(/VITE_CLIENT_ID: must be a numeric client id/);
  });
});
