import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAthleteToken } from '../session/athlete-token';
import { setCurrentUser } from '../session/current-user';
import { ApiError } from './errors';
import { jsonResponse, stubFetch } from './fetch-stub';
import { collect, getMemberships, saveCard, setupCard } from './payments';
import { currentUserSchema } from './schemas';
import * as samples from './wire-samples';

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
  // An athlete picked on this device: the payments pages still speak as the logged-in user (e-mailed links).
  setAthleteToken('athlete-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const membership = {
  id: 31,
  team_name: 'Tigers 12U',
  season_name: 'Spring 2027',
  athlete_name: null,
  plan_name: '3 monthly payments',
  payment_plan_month: 3,
  total_cents: 60000,
  paid_cents: 30000,
  remaining_cents: 30000,
  next_payment: { due_date: '2027-03-01', amount_cents: 10000 },
  phases: [
    {
      id: 1,
      due_date: '2027-03-01',
      amount_cents: 10000,
      status: 'failed',
      attempts: 2,
      paid_at: null,
      failure_message: 'Your card was declined.',
      refunded_cents: 0,
    },
  ],
  refunded_cents: 0,
  card: { brand: 'visa', last4: '0341' },
  needs_card_update: true,
  sibling_discount_cents: 4500,
};

const result = {
  card: { brand: 'visa', last4: '4242' },
  outcome: 'paid',
  message: null,
  amount_cents: 10000,
  payment_intent: null,
};

describe('the family payments calls', () => {
  it('lists the memberships with the user token, money kept in cents', async () => {
    const requests = stubFetch(() => jsonResponse({ memberships: [membership] }));
    await expect(getMemberships()).resolves.toEqual({ memberships: [membership] });
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/memberships');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer user-token');
  });

  it('refuses an answer that drifts from the contract (dollars instead of cents, an unknown status)', async () => {
    stubFetch(() => jsonResponse({ memberships: [{ ...membership, paid_cents: 300.5 }] }));
    await expect(getMemberships()).rejects.toMatchObject({ kind: 'schema' });
    stubFetch(() =>
      jsonResponse({ memberships: [{ ...membership, phases: [{ ...membership.phases[0], status: 'pending' }] }] }),
    );
    await expect(getMemberships()).rejects.toBeInstanceOf(ApiError);
  });

  it('creates a SetupIntent, saves the card and collects, each for the membership', async () => {
    const requests = stubFetch((request) =>
      request.url.endsWith('/card-setup')
        ? jsonResponse({ client_secret: 'seti_1_secret_x', setup_intent_id: 'seti_1' })
        : jsonResponse(result),
    );
    await expect(setupCard(31)).resolves.toEqual({ client_secret: 'seti_1_secret_x', setup_intent_id: 'seti_1' });
    await expect(saveCard(31, { setup_intent_id: 'seti_1' })).resolves.toEqual(result);
    await expect(collect(31, { payment_intent_id: 'pi_1' })).resolves.toEqual(result);
    expect(requests.map((request) => [request.method, new URL(request.url).pathname, request.body])).toEqual([
      ['POST', '/api/memberships/31/card-setup', {}],
      ['POST', '/api/memberships/31/card', { setup_intent_id: 'seti_1' }],
      ['POST', '/api/memberships/31/collect', { payment_intent_id: 'pi_1' }],
    ]);
    expect(requests.every((request) => request.headers.get('Authorization') === 'Bearer user-token')).toBe(true);
  });
});
