import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { adminStaffInviteBodySchema } from '../../src/domain/forms/admin-staff-invite.ts';
import { PASSWORD_MAX_LENGTH } from '../../src/domain/forms/password.ts';
import { STAFF_ACTIONS } from '../../src/domain/staff.ts';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { clientIp } from '../http/client-ip.ts';
import { formBody } from '../http/form-body.ts';
import {
  createRouter,
  errors,
  idParam,
  json,
  jsonBody,
  LanguageSchema,
  MessageSchema,
  name,
  passwordConfirmation,
} from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { requestLocale } from '../i18n/index.ts';
import {
  acceptStaffInvite,
  enableTwoFactor,
  inviteStaff,
  listStaff,
  requireTwoFactor,
  STAFF_ROLES,
  setStaffLanguage,
  staffLogin,
  staffLogout,
  staffMe,
  startTwoFactor,
} from '../services/staff/index.ts';

/**
 * The club's console API (issue 22 point 1, docs/api.md "Club console (issue 22)"): staff sign-in, the staff member's
 * organizations with what they may do there (`can`), an owner's staff and invitations, and the second factor (issue 30
 * point 2). Every secured route names its row of the permission table; the staff gate (http/staff-auth.ts) and its
 * service check it (services/staff/permissions.ts).
 */

const RoleSchema = z.enum(STAFF_ROLES);
// Inline, not a named component: a nullable $ref has no `type` beside `nullable` (redocly's nullable-type-sibling).
const TeamSchema = z.object({ id: z.number().int(), name: z.string() });

/** What the staff member may do in an organization: one flag per row of the permission table. */
const CanSchema = z
  .object(Object.fromEntries(STAFF_ACTIONS.map((action) => [action, z.boolean()])))
  .openapi('StaffCan');

const StaffSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    two_factor_enabled: z.boolean(),
    language: LanguageSchema,
    organizations: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        role: RoleSchema,
        teams: z.array(TeamSchema).nullable(),
        two_factor_required: z.boolean(),
        can: CanSchema,
      }),
    ),
  })
  .openapi('Staff');

const StaffInviteSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    team: TeamSchema.nullable(),
    expires_at: z.string(),
  })
  .openapi('StaffInvite');

const StaffMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: RoleSchema,
    teams: z.array(TeamSchema).nullable(),
  })
  .openapi('StaffMember');

const SessionAnswer = json(z.object({ token: z.string(), staff: StaffSchema }), 'A new staff session');

const loginRoute = createRoute({
  method: 'post',
  path: '/api/admin/login',
  tags: ['admin'],
  summary: "Staff log in to the club's console (the family login's rate limits); `code` with a second factor on",
  request: {
    body: jsonBody(
      z.object({
        email: z.string().trim().min(1).max(254),
        password: z.string().min(1).max(128),
        code: z.string().max(64).nullable().optional(),
      }),
    ),
  },
  responses: { 200: SessionAnswer, ...errors(400, 422, 429) },
});

const logoutRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/logout',
  permission: null,
  summary: "End the caller's staff session",
  responses: { 200: json(MessageSchema) },
});

const meRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/me',
  permission: null,
  summary: 'The staff member of the session, with their organizations and roles',
  responses: { 200: json(z.object({ staff: StaffSchema })) },
});

const myLanguageRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/me/language',
  permission: null,
  summary: "Set the caller's own language for the console and its e-mails (issue 31); answers as GET /api/admin/me",
  request: { body: jsonBody(z.object({ language: LanguageSchema })) },
  responses: { 200: json(z.object({ staff: StaffSchema })) },
});

const organizationParams = z.object({ id: idParam('id') });

const twoFactorSetupRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/two-factor/setup',
  permission: 'use_two_factor',
  summary: 'Start turning on a second factor (TOTP): a new secret and its otpauth:// link (owners, registrars)',
  responses: {
    200: json(z.object({ secret: z.string(), uri: z.string() }), 'The secret to add to an authenticator app'),
    ...errors(409),
  },
});

const twoFactorEnableRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/two-factor/enable',
  permission: 'use_two_factor',
  summary: 'Turn the second factor on with a code from the new secret; answers ten one-time recovery codes, once',
  request: { body: jsonBody(z.object({ code: z.string().trim().min(1).max(64) })) },
  responses: {
    200: json(z.object({ recovery_codes: z.array(z.string()), staff: StaffSchema }), 'On, with recovery codes'),
    ...errors(409, 429),
  },
});

const requireTwoFactorRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/organizations/{id}/two-factor',
  permission: 'require_two_factor',
  summary: 'Require a second factor of every staff member who can move money in the organization (owners)',
  request: { params: z.object({ id: idParam('id') }), body: jsonBody(z.object({ required: z.boolean() })) },
  responses: { 200: json(z.object({ staff: StaffSchema })) },
});

const inviteRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/organizations/{id}/invites',
  permission: 'manage_staff',
  summary: 'Invite a staff member by e-mail (owners); the link works 7 days, once',
  request: {
    params: organizationParams,
    body: jsonBody(formBody(adminStaffInviteBodySchema)),
  },
  responses: {
    201: json(z.object({ invite: StaffInviteSchema }), 'The invitation (e-mailed)'),
    ...errors(429),
  },
});

const staffListRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/staff',
  permission: 'manage_staff',
  summary: "The organization's staff and pending invitations (owners)",
  request: { params: organizationParams },
  responses: {
    200: json(z.object({ staff: z.array(StaffMemberSchema), invites: z.array(StaffInviteSchema) })),
  },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/api/admin/invites/accept',
  tags: ['admin'],
  summary: "Accept a staff invitation: a new account (name, password), or an existing staff account's password",
  request: {
    body: jsonBody(
      z.object({
        token: z.string().trim().min(1).max(512),
        name: name.nullable().optional(),
        password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
        password_confirmation: passwordConfirmation.nullable().optional(),
      }),
    ),
  },
  responses: { 200: SessionAnswer, ...errors(400, 404, 409, 410, 422, 429) },
});

export function adminRoutes(deps: AppDeps) {
  const app = createRouter();
  const client = (c: Context) => clientIp(c, deps.env.TRUST_PROXY);

  app.openapi(loginRoute, async (c) => c.json(await staffLogin(deps, c.req.valid('json'), client(c)), 200));

  app.openapi(logoutRoute, async (c) => c.json(await staffLogout(deps, requireStaffSession(c)), 200));

  app.openapi(meRoute, (c) => c.json(staffMe(requireStaffSession(c)), 200));

  app.openapi(myLanguageRoute, async (c) =>
    c.json(await setStaffLanguage(deps, requireStaffSession(c), c.req.valid('json').language), 200),
  );

  app.openapi(inviteRoute, async (c) =>
    c.json(await inviteStaff(deps, requireStaffSession(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(staffListRoute, async (c) =>
    c.json(await listStaff(deps, requireStaffSession(c), c.req.valid('param').id), 200),
  );

  app.openapi(twoFactorSetupRoute, async (c) => c.json(await startTwoFactor(deps, requireStaffSession(c)), 200));

  app.openapi(twoFactorEnableRoute, async (c) =>
    c.json(await enableTwoFactor(deps, requireStaffSession(c), c.req.valid('json'), client(c)), 200),
  );

  app.openapi(requireTwoFactorRoute, async (c) =>
    c.json(await requireTwoFactor(deps, requireStaffSession(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(acceptRoute, async (c) => {
    // Issue 31: a new staff account takes the language it joins in.
    const locale = requestLocale(c.req.header('accept-language'));
    return c.json(await acceptStaffInvite(deps, c.req.valid('json'), client(c), locale), 200);
  });

  return app;
}
