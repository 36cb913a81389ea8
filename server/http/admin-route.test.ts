import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createAdminRoute, STAFF_SESSION } from './admin-route.ts';
import { errors, idParam, json, jsonBody } from './openapi.ts';
import { staffSessionFirst } from './staff-auth.ts';

const ok = json(z.object({ ok: z.boolean() }));
const statuses = (route: { responses: object }) => Object.keys(route.responses).map(Number);

describe('createAdminRoute', () => {
  it('puts the staff session gate first and declares its scheme and tag', () => {
    const route = createAdminRoute({ method: 'get', path: '/api/admin/x', responses: { 200: ok } });
    expect(route.middleware).toEqual([staffSessionFirst]);
    expect(route.security).toBe(STAFF_SESSION);
    expect(route.tags).toEqual(['admin']);
  });

  it('declares the errors that follow from the request: 401/403 always, 404/422 with params, 400 with a body', () => {
    const params = z.object({ id: idParam('id') });
    const body = jsonBody(z.object({ reason: z.string() }));
    expect(statuses(createAdminRoute({ method: 'get', path: '/a', responses: { 200: ok } }))).toEqual([200, 401, 403]);
    expect(
      statuses(createAdminRoute({ method: 'get', path: '/a/{id}', request: { params }, responses: { 200: ok } })),
    ).toEqual([200, 401, 403, 404, 422]);
    expect(
      statuses(
        createAdminRoute({
          method: 'get',
          path: '/a',
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
          request: { params, body },
          responses: { 201: ok, ...errors(409) },
        }),
      ),
    ).toEqual([201, 400, 401, 403, 404, 409, 422]);
  });
});
