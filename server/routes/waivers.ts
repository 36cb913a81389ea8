import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { BEARER, createRouter, errors, idParam } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { familyWaiverPdf, staffWaiverPdf, type WaiverPdf } from '../services/waiver-pdf.ts';

/**
 * The signed waiver's PDF (issue 32 point 3; docs/api.md "Signed waivers"): the family's own (a membership they or
 * their athletes hold) and the console's (owners and registrars of its organization: the membership page's
 * permission, never a coach). The same file the receipt e-mail carries.
 */

const membershipParams = z.object({ id: idParam('id') });
const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
});

const familyRoute = createRoute({
  method: 'get',
  path: '/api/memberships/{id}/waiver.pdf',
  tags: ['memberships'],
  summary: 'The signed waiver of one of the caller’s memberships, as a PDF',
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: membershipParams },
  responses: { 200: pdf('The signed waiver (PDF)'), ...errors(401, 404, 422) },
});

const staffRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/memberships/{id}/waiver.pdf',
  permission: 'read_money',
  summary: 'The signed waiver of a membership, as a PDF (owners, registrars)',
  request: { params: membershipParams },
  responses: { 200: pdf('The signed waiver (PDF)') },
});

function pdfResponse(file: WaiverPdf): Response {
  return new Response(Buffer.from(file.bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function waiverRoutes(deps: AppDeps) {
  const app = createRouter();

  app.openapi(familyRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return pdfResponse(await familyWaiverPdf(deps, auth.user, c.req.valid('param').id));
  });

  app.openapi(staffRoute, async (c) =>
    pdfResponse(await staffWaiverPdf(deps, requireStaffSession(c).staff, c.req.valid('param').id)),
  );

  return app;
}
