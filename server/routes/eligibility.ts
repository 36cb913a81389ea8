import { createRoute, z } from '@hono/zod-openapi';
import { AGE_RULE_PRESETS } from '../../src/domain/eligibility.ts';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, idParam, json, jsonBody, name } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { grantException, teamEligibility } from '../services/eligibility/exceptions.ts';
import { correctBirthDate, getEligibility, householdBirthDates, setBirthDate } from '../services/eligibility/index.ts';

/**
 * Who may play (issue 32 point 1; docs/api.md "Eligibility (issue 32)"): the athlete steps read an athlete's
 * eligibility for a team licence and give a missing date of birth; owners and registrars read a team's age rule and
 * grant exceptions. The rules are services/eligibility's.
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.')
  .openapi({ example: '2015-05-01' });
const licenceCode = z.string().trim().min(1).max(64);

const ageRuleShape = {
  preset: z.enum(AGE_RULE_PRESETS),
  custom_date: isoDate.nullable(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  born_from: isoDate,
  born_to: isoDate,
};

export const AgeRuleSchema = z.object(ageRuleShape).openapi('AgeRule');
/** Inline (OpenAPI 3.0 cannot make a `$ref` nullable). */
const NullableAgeRuleSchema = z.object(ageRuleShape).nullable();

const EligibilitySchema = z
  .object({
    team_name: z.string(),
    age_rule: NullableAgeRuleSchema,
    birth_date: isoDate.nullable(),
    has_exception: z.boolean(),
    eligible: z.boolean(),
  })
  .openapi('Eligibility');

const athleteParams = z.object({ athlete_id: idParam('athlete_id') });

const getRoute = createRoute({
  method: 'get',
  path: '/api/eligibility/athletes/{athlete_id}',
  tags: ['eligibility'],
  summary: "A household athlete's eligibility for a team licence's age rule (the athlete steps' guard reads it)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    params: athleteParams,
    query: z.object({ license_code: licenceCode.openapi({ param: { name: 'license_code', in: 'query' } }) }),
  },
  responses: { 200: json(EligibilitySchema), ...errors(401, 404, 422) },
});

const birthDateRoute = createRoute({
  method: 'put',
  path: '/api/eligibility/athletes/{athlete_id}/birth-date',
  tags: ['eligibility'],
  summary: "Give a household athlete's missing date of birth (kept on the athlete); answers the eligibility",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    params: athleteParams,
    body: jsonBody(z.object({ birth_date: isoDate, license_code: licenceCode })),
  },
  responses: { 200: json(EligibilitySchema), ...errors(400, 401, 404, 409, 422) },
});

const AthleteBirthDateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    birth_date: isoDate.nullable(),
    birth_date_locked: z
      .boolean()
      .describe('A document of the athlete was approved: the family can no longer change the date (409)'),
  })
  .openapi('AthleteBirthDate');

const birthDatesRoute = createRoute({
  method: 'get',
  path: '/api/eligibility/athletes',
  tags: ['eligibility'],
  summary: "The household's athletes (an athlete: themself) with their dates of birth and whether each is locked",
  security: BEARER,
  middleware: [authFirst] as const,
  responses: { 200: json(z.object({ athletes: z.array(AthleteBirthDateSchema) })), ...errors(401) },
});

const correctRoute = createRoute({
  method: 'put',
  path: '/api/eligibility/athletes/{athlete_id}',
  tags: ['eligibility'],
  summary: "Correct a household athlete's date of birth until a proof of age is approved (then 409)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: athleteParams, body: jsonBody(z.object({ birth_date: isoDate }).strict()) },
  responses: { 200: json(z.object({ athlete: AthleteBirthDateSchema })), ...errors(400, 401, 404, 409, 422) },
});

const ExceptionSchema = z
  .object({
    id: z.number().int(),
    athlete: z.object({ id: z.number().int(), name: z.string(), username: z.string().nullable() }),
    reason: z.string(),
    granted_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    granted_at: z.string(),
  })
  .openapi('EligibilityException');

const teamParams = z.object({ team_id: idParam('team_id') });
const reason = z.string().trim().min(1).max(500);

const teamEligibilityRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{team_id}/eligibility',
  permission: 'grant_eligibility_exception',
  summary: "A team's age rule (null: none) and the exceptions granted to it (owners, registrars)",
  request: { params: teamParams },
  responses: {
    200: json(
      z.object({
        team: z.object({ id: z.number().int(), name: z.string() }),
        age_rule: NullableAgeRuleSchema,
        exceptions: z.array(ExceptionSchema),
      }),
    ),
  },
});

const grantRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/teams/{team_id}/eligibility-exceptions',
  permission: 'grant_eligibility_exception',
  summary:
    "Let one athlete onto the team whatever its age rule says, with a reason (owners, registrars; audited): the athlete's username, or a guardian's e-mail and the athlete's name",
  request: {
    params: teamParams,
    body: jsonBody(
      z.union([
        z.object({ athlete_username: z.string().trim().min(1).max(255), reason }).strict(),
        z.object({ guardian_email: z.string().trim().min(1).max(254), athlete_name: name, reason }).strict(),
      ]),
    ),
  },
  responses: { 201: json(z.object({ exception: ExceptionSchema }), 'Granted') },
});

export function eligibilityRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(getRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { athlete_id } = c.req.valid('param');
    return c.json(await getEligibility(deps, auth.user, athlete_id, c.req.valid('query').license_code), 200);
  });

  app.openapi(birthDatesRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await householdBirthDates(deps, auth.user), 200);
  });

  app.openapi(correctRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await correctBirthDate(deps, auth.user, c.req.valid('param').athlete_id, c.req.valid('json')), 200);
  });

  app.openapi(birthDateRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await setBirthDate(deps, auth.user, c.req.valid('param').athlete_id, c.req.valid('json')), 200);
  });

  app.openapi(teamEligibilityRoute, async (c) =>
    c.json(await teamEligibility(deps, staff(c), c.req.valid('param').team_id), 200),
  );

  app.openapi(grantRoute, async (c) =>
    c.json(await grantException(deps, staff(c), c.req.valid('param').team_id, c.req.valid('json')), 201),
  );

  return app;
}
