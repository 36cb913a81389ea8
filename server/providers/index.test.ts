import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import {
  createProviders,
  type ProviderEnv,
  type ProviderLog,
  SandboxCardPayments,
  SandboxRefusedError,
} from './index.ts';
import type { Providers } from './types.ts';

const silentLog: ProviderLog = { info() {}, warn() {}, error() {} };
// Selection never queries the database; a driver-less drizzle instance is enough.
const db = drizzle.mock();

const allKeys: ProviderEnv = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_x',
  RECURLY_API_KEY: 'rk_x',
  PUSHER_APP_ID: '1',
  PUSHER_KEY: 'pk',
  PUSHER_SECRET: 'ps',
};

const names = (p: Providers) => [p.payments.name, p.billing.name, p.realtime.name];

async function firstFrame(providers: Providers, key: string): Promise<{ event: string; closeCode?: number }> {
  const server = createServer();
  providers.realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7`);
  try {
    const raw = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(data.toString()));
      socket.once('error', reject);
    });
    return { event: (JSON.parse(raw) as { event: string }).event };
  } finally {
    socket.terminate();
    await providers.realtime.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('createProviders', () => {
  test('without keys every concern uses its sandbox, and the local endpoint accepts local-key', async () => {
    const providers = await createProviders({ NODE_ENV: 'development' }, db, silentLog);
    expect(names(providers)).toEqual(['sandbox', 'sandbox', 'local']);
    expect((await firstFrame(providers, 'local-key')).event).toBe('pusher:connection_established');
  });

  test('the card adapter comes through the rate limiter (issue 33 point 2), a live and a background view of it', async () => {
    const providers = await createProviders({ NODE_ENV: 'test', SANDBOX_RATE_LIMIT: 7 }, db, silentLog);
    const { payments, backgroundPayments } = providers;
    // Still the sandbox underneath (its browser-side pages find it), with its own limit.
    expect(payments).toBeInstanceOf(SandboxCardPayments);
    expect(backgroundPayments).toBeInstanceOf(SandboxCardPayments);
    expect(backgroundPayments).not.toBe(payments);
    expect((payments as SandboxCardPayments).rateLimitPerSecond).toBe(7);
    // Each CardPayments call is the limiter's; the sandbox's own methods pass through.
    expect(payments.chargeSavedCard).not.toBe(SandboxCardPayments.prototype.chargeSavedCard);
    expect((payments as SandboxCardPayments).confirm).toBe(SandboxCardPayments.prototype.confirm);
    await providers.realtime.close();
  });

  test('PUSHER_LOCAL_KEY changes the key the local endpoint accepts', async () => {
    const providers = await createProviders({ NODE_ENV: 'test', PUSHER_LOCAL_KEY: 'other' }, db, silentLog);
    expect((await firstFrame(providers, 'other')).event).toBe('pusher:connection_established');
    const again = await createProviders({ NODE_ENV: 'test', PUSHER_LOCAL_KEY: 'other' }, db, silentLog);
    expect((await firstFrame(again, 'local-key')).event).toBe('pusher:error');
  });

  test('each configured key selects its production adapter, independently', async () => {
    const stripeOnly = await createProviders(
      { NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_x' },
      db,
      silentLog,
    );
    expect(names(stripeOnly)).toEqual(['stripe', 'sandbox', 'local']);
    await stripeOnly.realtime.close();
    const all = await createProviders(allKeys, db, silentLog);
    expect(names(all)).toEqual(['stripe', 'recurly', 'pusher']);
  });

  test('an incomplete Pusher configuration keeps the local endpoint outside production', async () => {
    const providers = await createProviders(
      { NODE_ENV: 'development', PUSHER_APP_ID: '1', PUSHER_KEY: 'k' },
      db,
      silentLog,
    );
    expect(providers.realtime.name).toBe('local');
    await providers.realtime.close();
  });

  test('NODE_ENV=production refuses every sandbox and names what is missing', async () => {
    await expect(createProviders({ NODE_ENV: 'production' }, db, silentLog)).rejects.toThrow(SandboxRefusedError);
    await expect(createProviders({ NODE_ENV: 'production' }, db, silentLog)).rejects.toThrow(
      /STRIPE_SECRET_KEY.*RECURLY_API_KEY.*PUSHER_APP_ID/,
    );
    for (const missing of ['STRIPE_SECRET_KEY', 'RECURLY_API_KEY', 'PUSHER_SECRET'] as const) {
      const env = { ...allKeys, [missing]: '  ' };
      await expect(createProviders(env, db, silentLog)).rejects.toThrow(SandboxRefusedError);
    }
  });
});
