import { describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_TOKEN, EnvError, parseEnv } from './env.ts';

describe('environment', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(5173);
    expect(env.DATA_DIR).toBe('.data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STAFF_TOKEN).toBe(DEFAULT_STAFF_TOKEN);
    expect(env.PUSHER_LOCAL_KEY).toBe('local-key');
    expect(env.NODE_ENV).toBe('development');
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('treats empty values as unset and parses lists', () => {
    const env = parseEnv({
      PORT: '',
      CORS_ORIGINS: 'https://a.example.com/, http://b.example.com:8080',
      PUBLIC_URL: 'https://site.example.com/path',
    });
    expect(env.PORT).toBe(5173);
    expect(env.CORS_ORIGINS).toEqual(['https://a.example.com', 'http://b.example.com:8080']);
    expect(env.PUBLIC_URL).toBe('https://site.example.com');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGINS', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'ftp://x'],
  ])('names %s when it is invalid (%s)', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('refuses the development staff token in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/STAFF_TOKEN: .*refused/);
    expect(parseEnv({ NODE_ENV: 'production', STAFF_TOKEN: 'a-long-production-secret' }).STAFF_TOKEN).toBe(
      'a-long-production-secret',
    );
  });
});
