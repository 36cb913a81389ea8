import { describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_TOKEN, EnvError, parseEnv } from './env.ts';
import { siteLink, siteOrigin } from './http/origin.ts';

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
    expect(env.BILLING_INTERVAL).toBe(3600);
    expect(env.MAIL_RELAY_INTERVAL).toBe(10);
  });

  it('reads MAIL_RELAY_INTERVAL in seconds, 0 turning the mail relay off, and refuses anything else', () => {
    expect(parseEnv({ MAIL_RELAY_INTERVAL: '0' }).MAIL_RELAY_INTERVAL).toBe(0);
    expect(parseEnv({ MAIL_RELAY_INTERVAL: '30' }).MAIL_RELAY_INTERVAL).toBe(30);
    for (const value of ['-1', '2.5', 'often', '3601']) {
      expect(() => parseEnv({ MAIL_RELAY_INTERVAL: value }), value).toThrow(/MAIL_RELAY_INTERVAL/);
    }
  });

  it('reads the card rates (issue 33 point 2): 20 and 25 calls a second, the sandbox 25; the live rate never below', () => {
    const env = parseEnv({});
    expect([env.CARD_RATE_LIMIT, env.CARD_RATE_LIVE_LIMIT, env.SANDBOX_RATE_LIMIT]).toEqual([20, 25, 25]);
    const live = parseEnv({ CARD_RATE_LIMIT: '80', CARD_RATE_LIVE_LIMIT: '100', SANDBOX_RATE_LIMIT: '2' });
    expect([live.CARD_RATE_LIMIT, live.CARD_RATE_LIVE_LIMIT, live.SANDBOX_RATE_LIMIT]).toEqual([80, 100, 2]);
    for (const value of ['0', '-1', '2.5', 'fast']) {
      expect(() => parseEnv({ CARD_RATE_LIMIT: value }), value).toThrow(/CARD_RATE_LIMIT/);
      expect(() => parseEnv({ SANDBOX_RATE_LIMIT: value }), value).toThrow(/SANDBOX_RATE_LIMIT/);
    }
    expect(() => parseEnv({ CARD_RATE_LIMIT: '30' })).toThrow(/CARD_RATE_LIVE_LIMIT: must be at least CARD_RATE_LIMIT/);
  });

  it('reads BILLING_INTERVAL in seconds, 0 turning the collector off, and refuses anything else', () => {
    expect(parseEnv({ BILLING_INTERVAL: '0' }).BILLING_INTERVAL).toBe(0);
    expect(parseEnv({ BILLING_INTERVAL: '900' }).BILLING_INTERVAL).toBe(900);
    for (const value of ['-1', '1.5', 'hourly', '604801']) {
      expect(() => parseEnv({ BILLING_INTERVAL: value }), value).toThrow(/BILLING_INTERVAL/);
    }
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

  it("takes the browser tests' TEST_RESET only outside production and on the embedded database", () => {
    expect(parseEnv({}).TEST_RESET).toBe(false);
    expect(parseEnv({ TEST_RESET: 'true' }).TEST_RESET).toBe(true);
    expect(() => parseEnv({ TEST_RESET: 'yes' })).toThrow(/TEST_RESET/);
    const production = {
      NODE_ENV: 'production',
      STAFF_TOKEN: 'a-long-production-secret',
      PUBLIC_URL: 'https://app.example.com',
    };
    expect(parseEnv(production).TEST_RESET).toBe(false);
    expect(() => parseEnv({ ...production, TEST_RESET: '1' })).toThrow(/TEST_RESET: is the browser tests' switch/);
    expect(() => parseEnv({ TEST_RESET: 'true', DATABASE_URL: 'postgres://db.example.com/diamond' })).toThrow(
      /TEST_RESET: is the browser tests' switch/,
    );
  });

  it('refuses the development staff token in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com' })).toThrow(
      /STAFF_TOKEN: .*refused/,
    );
    expect(
      parseEnv({
        NODE_ENV: 'production',
        STAFF_TOKEN: 'a-long-production-secret',
        PUBLIC_URL: 'https://app.example.com',
      }).STAFF_TOKEN,
    ).toBe('a-long-production-secret');
  });

  it('requires PUBLIC_URL in production, the origin every e-mailed link is built from', () => {
    const production = { NODE_ENV: 'production', STAFF_TOKEN: 'a-long-production-secret' };
    expect(() => parseEnv(production)).toThrow(EnvError);
    expect(() => parseEnv(production)).toThrow(/PUBLIC_URL: is required when NODE_ENV=production/);
    expect(() => parseEnv({ ...production, PUBLIC_URL: ' ' })).toThrow(/PUBLIC_URL: /);
    expect(parseEnv({ ...production, PUBLIC_URL: 'https://app.example.com/' }).PUBLIC_URL).toBe(
      'https://app.example.com',
    );
  });

  it('gives every outgoing link the configured origin: PUBLIC_URL, else http://localhost:PORT', () => {
    expect(siteOrigin(parseEnv({ PORT: '8080' }))).toBe('http://localhost:8080');
    expect(siteOrigin(parseEnv({ PORT: '8080', PUBLIC_URL: 'https://app.example.com/x' }))).toBe(
      'https://app.example.com',
    );
    expect(siteLink(parseEnv({}), '/resetpwd/forgot', { token: 'a+b', email: 'pat@example.com' })).toBe(
      'http://localhost:5173/resetpwd/forgot?token=a%2Bb&email=pat%40example.com',
    );
  });
});
