import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  NAME_MAX_LENGTH,
  NAME_TOO_LONG,
  RELATIONSHIP_MAX_LENGTH,
  RELATIONSHIP_TOO_LONG,
} from '../../src/domain/forms/create-athlete.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, email, errors, idParam, json, jsonBody, name } from '../http/openapi.ts';
import {
  acceptInvite,
  cancelInvite,
  getHousehold,
  inviteGuardian,
  lookupInvite,
  removeGuardian,
  requireHouseholdGuardian,
} from '../services/household-invites.ts';

/**
 * The household and its invites (issue 20 point 4, docs/api.md "Households and invites"): a guardian invites a second
 * guardian by e-mail, who follows the link, signs in and accepts; the work is services/household-invites.ts's.
 */

const GuardianSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    email: z.string(),
    relationship: z.string().nullable(),
    is_you: z.boolean(),
  })
  .openapi('HouseholdGuardian');

const InviteSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    relationship: z.string(),
    expires_at: z.string(),
  })
  .openapi('HouseholdInvite');

const HouseholdSchema = z
  .object({ guardians: z.array(GuardianSchema), invites: z.array(InviteSchema) })
  .openapi('Household');

const InviteLookupSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    relationship: z.string(),
    invited_by_name: z.string().nullable(),
    expires_at: z.string(),
  })
  .openapi('HouseholdInviteLookup');

const HouseholdAnswer = json(z.object({ household: HouseholdSchema }));

/** An invite link's token: what the e-mail's link carries (256 bits, base64url). */
const tokenBody = jsonBody(z.object({ token: z.string().trim().min(1).max(512) }));

/**
 * Athletes and coaches are refused before their request is validated (as authFirst does for the anonymous), on every
 * household call (the family checkout's too, ./household-checkout.ts).
 */
export const guardianFirst = createMiddleware<AppEnv>(async (c, next) => {
  const auth = await requireUser(c, c.get('deps'));
  requireHouseholdGuardian(auth.user);
  await next();
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/household',
  tags: ['household'],
  summary: "The caller's household: its guardians and pending invites",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  responses: { 200: HouseholdAnswer, ...errors(401, 403) },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/api/household/invites',
  tags: ['household'],
  summary: 'Invite a second guardian by e-mail (replaces a pending invite of the same address)',
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: {
    body: jsonBody(
      z.object({
        name: name.max(NAME_MAX_LENGTH, NAME_TOO_LONG),
        email,
        // The create-athlete form's relationship rules (src/domain/forms/create-athlete.ts), as register-athlete.
        relationship: z.string().trim().min(1).max(RELATIONSHIP_MAX_LENGTH, RELATIONSHIP_TOO_LONG),
      }),
    ),
  },
  responses: {
    201: json(z.object({ invite: InviteSchema }), 'The invite (e-mailed)'),
    ...errors(400, 401, 403, 422, 429),
  },
});

const cancelRoute = createRoute({
  method: 'delete',
  path: '/api/household/invites/{id}',
  tags: ['household'],
  summary: "Cancel a pending invite of the caller's household",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: { params: z.object({ id: idParam('id') }) },
  responses: { 204: { description: 'Canceled' }, ...errors(401, 403, 404, 422) },
});

const lookupRoute = createRoute({
  method: 'post',
  path: '/api/household/invites/lookup',
  tags: ['household'],
  summary: 'What an invite link names (no sign-in); 404 not valid, 410 expired or used',
  request: { body: tokenBody },
  responses: { 200: json(z.object({ invite: InviteLookupSchema })), ...errors(400, 404, 410, 422) },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/api/household/invites/accept',
  tags: ['household'],
  summary: "Join the inviting household (the caller's athletes come along)",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: { body: tokenBody },
  responses: { 200: HouseholdAnswer, ...errors(400, 401, 403, 404, 409, 410, 422) },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/api/household/guardians/{user_id}',
  tags: ['household'],
  summary: "Remove another guardian from the caller's household",
  security: BEARER,
  middleware: [authFirst, guardianFirst] as const,
  request: { params: z.object({ user_id: idParam('user_id') }) },
  responses: { 200: HouseholdAnswer, ...errors(401, 403, 404, 422) },
});

export function householdRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(getRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await getHousehold(deps, auth.user), 200);
  });

  app.openapi(inviteRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await inviteGuardian(deps, auth.user, c.req.valid('json')), 201);
  });

  app.openapi(cancelRoute, async (c) => {
    const auth = await requireUser(c, deps);
    await cancelInvite(deps, auth.user, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(lookupRoute, async (c) => c.json(await lookupInvite(deps, c.req.valid('json')), 200));

  app.openapi(acceptRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await acceptInvite(deps, auth.user, c.req.valid('json')), 200);
  });

  app.openapi(removeRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await removeGuardian(deps, auth.user, c.req.valid('param').user_id), 200);
  });

  return app;
}
