import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, idParam, json } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { releaseRemovedAthlete, staffReleaseHold, teamHolds } from '../services/seat-holds.ts';

/**
 * Held seats (issue 30 point 4, docs/api.md "Held seats"): 'Remove' in the family checkout gives the athlete's held
 * seat back at once; the console lists a team's held seats ('Held until {date}') and owners and registrars release
 * one (audited). The rules are services/seat-holds.ts's.
 */

const TeamHoldSchema = z
  .object({
    athlete: z.object({ id: z.number().int(), name: z.string() }),
    license: z.string(),
    held_until: z
      .string()
      .nullable()
      .describe("When the hold ends; null while the athlete's request for financial assistance waits"),
  })
  .openapi('TeamHold');
const HoldsAnswer = z.object({ holds: z.array(TeamHoldSchema), can_release: z.boolean() });

const releaseRemovedRoute = createRoute({
  method: 'delete',
  path: '/api/household/athletes/{athlete_id}/hold',
  tags: ['household'],
  summary: "'Remove' in the family checkout: the athlete's held seat (nothing paid) goes back at once",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: z.object({ athlete_id: idParam('athlete_id') }) },
  responses: { 200: json(z.object({ released: z.number().int() })), ...errors(401, 403, 404, 422) },
});

const teamParams = z.object({ team_id: idParam('team_id') });

const teamHoldsRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{team_id}/holds',
  permission: 'read_roster',
  summary: "A team's held seats (claims with nothing paid) and when each is released",
  request: { params: teamParams },
  responses: { 200: json(HoldsAnswer) },
});

const releaseHoldRoute = createAdminRoute({
  method: 'delete',
  path: '/api/admin/teams/{team_id}/holds/{athlete_id}',
  permission: 'release_hold',
  summary: "Release an athlete's held seat now (owners, registrars; audited); answers the team's holds left",
  request: { params: z.object({ team_id: idParam('team_id'), athlete_id: idParam('athlete_id') }) },
  responses: { 200: json(HoldsAnswer), ...errors(409) },
});

export function seatHoldRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(releaseRemovedRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await releaseRemovedAthlete(deps, auth.user, c.req.valid('param').athlete_id), 200);
  });

  app.openapi(teamHoldsRoute, async (c) => c.json(await teamHolds(deps, staff(c), c.req.valid('param').team_id), 200));

  app.openapi(releaseHoldRoute, async (c) => {
    const { team_id, athlete_id } = c.req.valid('param');
    return c.json(await staffReleaseHold(deps, staff(c), team_id, athlete_id), 200);
  });

  return app;
}
