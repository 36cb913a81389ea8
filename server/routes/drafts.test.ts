import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { paymentDataSchema } from '../../src/api/payment-data.schemas.ts';
import { drafts } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const preview = (body: Record<string, unknown>) => t.call('POST', '/nova-field/team-draft-payment-plans', { body });
const staff = (id: number | string, body: unknown, token: string | null = 'staff-dev-token') =>
  t.call('PUT', `/api/staff/drafts/${id}`, { token, body });

describe('POST /nova-field/team-draft-payment-plans', () => {
  it('previews draft 1 (12U Tigers with its season) without authorization', async () => {
    const data = expectOk(
      await preview({ draft_id: 1, discount_code: null, include_payment_protection_plan: true }),
      paymentDataSchema,
    );
    expect(data).toMatchObject({
      is_season_set: true,
      error: null,
      season: { name: 'Spring 2027', start_date: '2027-03-01' },
    });
    expect(data.team).toMatchObject({
      name: '12U Tigers',
      total_dues: 45000,
      waiver: expect.stringContaining('Waiver'),
    });
    expect(data.payment_plans.map((p) => p.phases[0]!.amount)).toEqual([50400, 10400, 10400]);
  });

  it('previews draft 2 without a season: is_season_set false and no plans', async () => {
    const data = expectOk(
      await preview({ draft_id: '2', discount_code: null, include_payment_protection_plan: false }),
      paymentDataSchema,
    );
    expect(data).toMatchObject({ is_season_set: false, season: null, payment_plans: [], error: null });
    expect(data.team?.name).toBe('16U Thunder');
  });

  it('reports a bad discount code in error and answers 404 for an unknown draft', async () => {
    const data = expectOk(await preview({ draft_id: 1, discount_code: 'NOPE' }), paymentDataSchema);
    expect(data.error).toBe('Code not found.');
    expect(data.payment_plans[0]!.phases[0]!.amount).toBe(47500);
    expectError(await preview({ draft_id: 999 }), 404, 'Draft not found.');
    expectError(await preview({ draft_id: 'one' }), 422);
  });
});

describe('PUT /api/staff/drafts/{id}', () => {
  it('saves the change and announces it to a pusher-js client on team.draft.{id}', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    t.providers.realtime.attach(server);
    const port = (server.address() as AddressInfo).port;
    const pusher = new Pusher('local-key', {
      cluster: 'us3',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    try {
      const channel = pusher.subscribe('team.draft.2');
      await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
      const received = new Promise<unknown>((resolve) => channel.bind('updated', resolve));

      const seasons = await t.call('GET', '/api/staff/drafts/1', { token: 'staff-dev-token' });
      const seasonId = z.parse(z.object({ season_id: z.number() }), seasons.body).season_id;
      const saved = await staff(2, {
        season_id: seasonId,
        total_dues: 600,
        waiver: 'Play fair.',
        plan_months: [6, 3, 3],
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({
        id: 2,
        season_id: seasonId,
        total_dues: 600,
        waiver: 'Play fair.',
        plan_months: [3, 6],
      });
      expect(await received).toEqual({ draft_id: 2 });

      const data = expectOk(await preview({ draft_id: 2 }), paymentDataSchema);
      expect(data).toMatchObject({ is_season_set: true, team: { total_dues: 60000, waiver: 'Play fair.' } });
      expect(data.payment_plans.map((p) => p.month)).toEqual([0, 3, 6]);
    } finally {
      pusher.disconnect();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('answers GET /api/staff/drafts/{id} in dollars, byte for byte the contract of docs/api.md', async () => {
    const [row] = await t.db.select().from(drafts).where(eq(drafts.id, 1));
    const answer = await t.call('GET', '/api/staff/drafts/1', { token: 'staff-dev-token' });
    expect(answer.status).toBe(200);
    // The exact text (keys in this order): the console's cents JSON shares this mapper (services/drafts.ts).
    expect(answer.text).toBe(
      JSON.stringify({
        id: 1,
        organization_id: row!.organizationId,
        team_id: row!.teamId,
        season_id: row!.seasonId,
        name: '12U Tigers',
        total_dues: 450,
        athlete_deposit: 50,
        payment_plan_fee: 5,
        total_app_fee: 25,
        is_app_fee_itemized: true,
        plan_months: [3, 6],
        protection_plan_id: row!.protectionPlanId,
        waiver: row!.waiver,
        updated_at: row!.updatedAt.toISOString(),
      }),
    );
  });

  it('refuses a missing or wrong staff token, unknown drafts and invalid values', async () => {
    expectError(await staff(1, { total_dues: 1 }, null), 401);
    expectError(await staff(1, { total_dues: 1 }, await t.tokenFor('parent@example.com')), 401, 'Invalid staff token.');
    expectError(await staff(999, { total_dues: 1 }), 404);
    const invalid = expectError(await staff(1, { total_dues: -5, athlete_deposit: 1.234 }), 422);
    expect(Object.keys(invalid.messages).sort()).toEqual(['athlete_deposit', 'total_dues']);
    expectError(await staff(1, { season_id: 999999 }), 422, 'The selected season is invalid.');
    expectError(await staff(1, { athlete_deposit: 900 }), 422, 'The athlete deposit may not exceed the total dues.');
    expectError(await staff(1, {}), 422, 'Send at least one field to change.');
  });

  it("answers 422, not 500, to ids beyond PostgreSQL's integer (issue 19 point 7)", async () => {
    for (const body of [
      { season_id: 99_999_999_999 },
      { season_id: 2_147_483_648 },
      { protection_plan_id: 99_999_999_999 },
      { season_id: 0 },
    ]) {
      const field = Object.keys(body)[0]!;
      const refused = expectError(await staff(1, body), 422);
      expect(Object.keys(refused.messages), JSON.stringify(body)).toEqual([field]);
    }
    expectError(await staff('99999999999', { total_dues: 1 }), 422);
    expectError(await staff(2_147_483_648, { total_dues: 1 }), 422);
    expect((await staff(2_147_483_647, { total_dues: 1 })).status).toBe(404);
    expectError(await preview({ draft_id: 99_999_999_999 }), 422);
    expectError(await preview({ draft_id: '9000000000' }), 422);
  });
});
