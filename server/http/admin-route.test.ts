import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createAdminRoute, STAFF_SESSION } from './admin-route.ts';
import { errors, idParam, json, jsonBody } from './openapi.ts';
import { staffGate } from './staff-auth.ts';

const ok = json(z.object({ ok: z.boolean() }));
const statuses = (route: { responses: object }) => Object.keys(route.responses).map(Number);

describe('createAdminRoute', () => {
  it('puts the staff gate of its permission first and declares its scheme, tag and permission', () => {
    const route = createAdminRoute({
      method: 'get',
      path: '/api/admin/x',
      permission: 'refund',
      responses: { 200: ok },
    });
    expect(route.middleware).toEqual([staffGate('refund')]);
    expect(route.middleware[0]).not.toBe(staffGate('read_roster'));
    expect(route['x-staff-permission']).toBe('refund');
    expect(route.security).toBe(STAFF_SESSION);
    expect(route.tags).toEqual(['admin']);
  });

  it('declares the errors that follow from the request: 401/403 always, 404/422 with params, 400 with a body', () => {
    const params = z.object({ id: idParam('id') });
    const body = jsonBody(z.object({ reason: z.string() }));
    expect(statuses(createAdminRoute({ method: 'get', path: '/a', permission: null, responses: { 200: ok } }))).toEqual(
      [200, 401, 403],
    );
    expect(
      statuses(
        createAdminRoute({
          method: 'get',
          path: '/a/{id}',
          permission: null,
          request: { params },
          responses: { 200: ok },
        }),
      ),
    ).toEqual([200, 401, 403, 404, 422]);
    expect(
      statuses(
        createAdminRoute({
          method: 'get',
          path: '/a',
          permission: null,
          request: { query: z.object({ q: z.string() }) },
          responses: { 200: ok },
        }),
      ),
    ).toEqual([200, 401, 403, 422]);
    expect(
      statuses(
        createAdminRoute({
          method: 'post',
          path: '/a/{id}',
          permission: 'cancel',
          request: { params, body },
          responses: { 201: ok, ...errors(409) },
        }),
      ),
    ).toEqual([201, 400, 401, 403, 404, 409, 422]);
  });
});
