/**
 * An approved award for a test (issue 34): the athlete asks for help paying on the team's season and a registrar
 * approves it as asked. The tests of the family's receipts, the check-or-cash checkout and the console's membership
 * page start from one.
 */
import { expect } from 'vitest';
import type { TestApp } from './app-harness.ts';
import { STAFF, staffTokenFor } from './staff-sessions.ts';

export interface AwardRequest {
  team_id: number;
  share_percent: number;
  free_or_reduced_meals: boolean;
  reason: string;
}

/** The athlete (by session token) asks for `request`, a registrar approves it; answers the request's id. */
export async function approvedAward(t: TestApp, athleteToken: string, request: AwardRequest): Promise<number> {
  const asked = await t.call('POST', '/api/memberships/assistance-requests', { token: athleteToken, body: request });
  expect(asked.status, asked.text).toBe(201);
  const requestId = (asked.body as { request: { id: number } }).request.id;
  const registrar = await staffTokenFor(t.db, STAFF.registrar);
  const approved = await t.call('POST', `/api/admin/assistance-requests/${requestId}/approve`, {
    token: registrar,
    body: {},
  });
  expect(approved.status, approved.text).toBe(200);
  return requestId;
}
