import { z } from '@hono/zod-openapi';
import { isIsoDate } from '../../src/domain/calendar.ts';
import {
  adminCancelBodySchema,
  adminOfflineBodySchema,
  adminRefundBodySchema,
} from '../../src/domain/forms/admin-refund.ts';
import { TEAM_STATUSES } from '../../src/domain/staff.ts';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { formBody } from '../http/form-body.ts';
import { createRouter, decimalWhole, errors, idParam, idQuery, json, jsonBody } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import { requestLocale } from '../i18n/index.ts';
import { paymentsCsv, rosterCsv } from '../services/admin-exports.ts';
import { cancelSchedule, markPaidOffline, refundMembership, retryPhase } from '../services/admin-refunds.ts';
import { ROSTER_SORTS, ROSTER_STATUSES, staffMembership, staffTeams, teamRoster } from '../services/admin-roster.ts';
import { billingDay, billingDayCsv } from '../services/billing-day.ts';
import { staffSeasonSummary } from '../services/season-summary.ts';

/**
 * The club console's money (issue 22 points 3, 4 and 5; docs/api.md "Club console: who has paid, refunds, exports"):
 * teams and rosters, a membership's page, refunds, retries, offline payments, cancelling a schedule, and the CSV
 * exports. Every route starts with the staff gate of its permission; its one service checks the scope.
 */

const StatusSchema = z.enum(ROSTER_STATUSES);

const RosterRowSchema = z
  .object({
    id: z.number().int(),
    athlete: z.object({ id: z.number().int(), name: z.string() }),
    guardian: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string() }),
    plan: z.string(),
    paid_cents: z.number().int(),
    remaining_cents: z.number().int(),
    next_due: z.string().nullable(),
    status: StatusSchema,
    /** Issue 32 point 2 (additive): only for a team that requires documents; true until they are all approved. */
    documents_needed: z.boolean().optional(),
  })
  .openapi('RosterRow');

/** A coach's roster row (issue 30 point 2): no amounts, plan or dates; a standing instead of the money status. */
const TeamRosterRowSchema = z
  .object({
    id: z.number().int(),
    athlete: z.object({ id: z.number().int(), name: z.string() }),
    guardian: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string() }),
    status: z.enum(TEAM_STATUSES),
    documents_needed: z.boolean().optional(),
  })
  .openapi('TeamRosterRow');

/** What an audit row's before and after hold: amounts, ids, statuses, texts (services/admin-refunds.ts). */
const AuditValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.number())]).nullable();

const AuditSchema = z.object({
  id: z.number().int(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  before: z.record(z.string(), AuditValue).nullable(),
  after: z.record(z.string(), AuditValue).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

const MembershipPageSchema = RosterRowSchema.extend({
  team: z.object({ id: z.number().int(), name: z.string() }),
  season: z.object({ id: z.number().int(), name: z.string() }),
  organization_id: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Issue 31 point 4 (additive): the language of the waiver text agreed to, when one was recorded. */
  waiver_language: z.enum(['en', 'es']).optional(),
  /** Issue 32 point 3 (additive): the signed waiver on record (its PDF: GET …/waiver.pdf), when there is one. */
  waiver_agreement: z
    .object({
      version: z.number().int(),
      language: z.enum(['en', 'es']),
      sha256: z.string(),
      agreed_at: z.string(),
      guardian: z.object({ id: z.number().int(), name: z.string() }),
      ip_address: z.string(),
      user_agent: z.string(),
    })
    .optional(),
  /** Issue 34 (additive): the financial assistance in the amounts, only with an award. */
  financial_assistance_cents: z.number().int().optional(),
  /** Issue 34 point 4 (additive): a check or cash awaited (nothing received yet), only then. */
  awaiting_payment: z.object({ hold_until: z.string(), instructions: z.string() }).optional(),
  phases: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      due_on: z.string(),
      amount_cents: z.number().int(),
      status: z.string(),
      paid_at: z.string().nullable(),
      refunded_cents: z.number().int(),
      offline: z.object({ method: z.enum(['cash', 'cheque']), note: z.string() }).nullable(),
      payment_id: z.string().nullable(),
    }),
  ),
  emails: z.array(z.object({ subject: z.string(), to: z.string(), sent_at: z.string() })),
  audit: z.array(AuditSchema),
}).openapi('AdminMembership');

const MembershipAnswer = z.object({ membership: MembershipPageSchema });

const teamParams = z.object({ team_id: idParam('team_id') });
const membershipParams = z.object({ id: idParam('id') });
const phaseParams = z.object({ id: idParam('id'), phase_id: idParam('phase_id') });

const teamsRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams',
  permission: 'read_roster',
  summary: 'The teams the staff member may see (a coach: their own), with season and organization',
  responses: {
    200: json(
      z.object({
        teams: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            season: z.object({ id: z.number().int(), name: z.string() }),
            organization: z.object({ id: z.number().int(), name: z.string() }),
          }),
        ),
      }),
    ),
  },
});

const SeasonTotalsSchema = z.object({
  registered: z.number().int(),
  paid_in_full: z.number().int(),
  on_plan: z.number().int(),
  owing: z.number().int(),
  cancelled: z.number().int(),
  held: z.number().int(),
  collected_cents: z.number().int(),
  refunded_cents: z.number().int(),
  due_cents: z.number().int(),
  failed: z.number().int(),
  overdue: z.number().int(),
});

const seasonSummaryRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/season-summary',
  permission: 'read_money',
  summary:
    "The season's picture (issue 33 point 4): per team and for the club, registered, paid in full, on a plan, " +
    'owing, cancelled; collected, refunded and still due; collected and due by month; documents to verify',
  request: {
    params: z.object({ id: idParam('id') }),
    query: z.object({ season_id: idQuery('season_id') }),
  },
  responses: {
    200: json(
      z
        .object({
          organization: z.object({ id: z.number().int(), name: z.string() }),
          season: z.object({ id: z.number().int(), name: z.string(), start_date: z.string() }).nullable(),
          seasons: z.array(z.object({ id: z.number().int(), name: z.string() })),
          club: SeasonTotalsSchema,
          teams: z.array(SeasonTotalsSchema.extend({ id: z.number().int(), name: z.string() })),
          months: z.array(
            z.object({ month: z.string(), collected_cents: z.number().int(), due_cents: z.number().int() }),
          ),
          documents_to_verify: z.number().int(),
        })
        .openapi('SeasonSummary'),
    ),
  },
});

const csv = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });

const BillingFigureSchema = z.object({ count: z.number().int(), amount_cents: z.number().int() });
const billingQuery = z.object({
  date: z.string().max(10).refine(isIsoDate, 'Enter a real date (YYYY-MM-DD).').optional(),
});

const billingDayRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/billing',
  permission: 'read_money',
  summary:
    "The 'Billing' page (issue 33 point 4): one day's instalments of the organization, collected, declined, waiting " +
    'for a retry, failed for good and not charged yet, with each failed one',
  request: { params: z.object({ id: idParam('id') }), query: billingQuery },
  responses: {
    200: json(
      z
        .object({
          organization: z.object({ id: z.number().int(), name: z.string() }),
          date: z.string(),
          due: BillingFigureSchema,
          collected: BillingFigureSchema,
          declined: BillingFigureSchema,
          retrying: BillingFigureSchema,
          failed: BillingFigureSchema,
          scheduled: BillingFigureSchema,
          failures: z.array(
            z.object({
              membership_id: z.number().int(),
              phase_id: z.number().int(),
              athlete: z.object({ id: z.number().int(), name: z.string() }),
              team: z.object({ id: z.number().int(), name: z.string() }),
              amount_cents: z.number().int(),
              status: z.enum(['retrying', 'failed']),
              failure_message: z.string().nullable(),
              next_attempt_on: z.string().nullable(),
            }),
          ),
        })
        .openapi('BillingDay'),
    ),
  },
});

const billingCsvRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/organizations/{id}/billing.csv',
  permission: 'read_money',
  summary: "The 'Billing' page's CSV: every instalment due that day with its outcome (issue 33 point 4)",
  request: { params: z.object({ id: idParam('id') }), query: billingQuery },
  responses: { 200: csv("One day's instalments (UTF-8, header row)") },
});

const rosterRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{team_id}/memberships',
  permission: 'read_roster',
  summary: "A team's roster: who has paid, filtered, searched, sorted and paginated on the server (50 a page)",
  request: {
    params: teamParams,
    query: z.object({
      status: StatusSchema.optional(),
      q: z.string().max(100).optional(),
      page: decimalWhole(1, 100_000).optional().openapi({ type: 'integer', minimum: 1, maximum: 100_000 }),
      sort: z.enum(ROSTER_SORTS).optional(),
      dir: z.enum(['asc', 'desc']).optional(),
    }),
  },
  responses: {
    200: json(
      z.object({
        memberships: z.array(z.union([RosterRowSchema, TeamRosterRowSchema])),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
      }),
    ),
  },
});

const rosterCsvRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{team_id}/memberships.csv',
  permission: 'read_roster',
  summary: "A team's roster as CSV, streamed",
  request: { params: teamParams },
  responses: { 200: csv('The roster (UTF-8, header row)') },
});

const paymentsCsvRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{team_id}/payments.csv',
  permission: 'read_money',
  summary: "A team's charges, offline payments and refunds as CSV, streamed (owners, registrars)",
  request: { params: teamParams },
  responses: { 200: csv('The payments (UTF-8, header row)') },
});

const membershipRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/memberships/{id}',
  permission: 'read_money',
  summary: "A membership's page: its phases, card, e-mails and audit log",
  request: { params: membershipParams },
  responses: { 200: json(MembershipAnswer) },
});

const refundRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/memberships/{id}/refunds',
  permission: 'refund',
  summary: 'Refund a card payment fully or partly through the provider (owners, registrars); idempotent by key',
  request: {
    params: membershipParams,
    headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() }),
    body: jsonBody(formBody(adminRefundBodySchema)),
  },
  responses: {
    201: json(
      MembershipAnswer.extend({
        refund: z.object({
          id: z.number().int(),
          amount_cents: z.number().int(),
          reason: z.string(),
          payment_id: z.string(),
          status: z.string(),
          created_at: z.string(),
        }),
      }),
      'The refund',
    ),
  },
});

const retryRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/memberships/{id}/phases/{phase_id}/retry',
  permission: 'retry',
  summary: 'Charge a failed or overdue instalment now (owners, registrars); one charge even if sent twice',
  request: { params: phaseParams },
  responses: { 200: json(MembershipAnswer), ...errors(409) },
});

const offlineRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/memberships/{id}/phases/{phase_id}/offline',
  permission: 'mark_offline',
  summary: 'Mark an instalment still owed as paid offline, cash or cheque (owners, registrars)',
  request: {
    params: phaseParams,
    body: jsonBody(formBody(adminOfflineBodySchema)),
  },
  responses: { 200: json(MembershipAnswer), ...errors(409) },
});

const cancelRoute = createAdminRoute({
  method: 'post',
  path: '/api/admin/memberships/{id}/cancel',
  permission: 'cancel',
  summary: "Cancel a membership's remaining schedule (owners, registrars); the collector charges no more",
  request: { params: membershipParams, body: jsonBody(formBody(adminCancelBodySchema)) },
  responses: { 200: json(MembershipAnswer), ...errors(409) },
});

function csvResponse(file: { fileName: string; body: ReadableStream<Uint8Array> }): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}

export function adminMoneyRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(teamsRoute, async (c) => c.json(await staffTeams(deps, staff(c)), 200));

  app.openapi(billingDayRoute, async (c) =>
    c.json(await billingDay(deps, staff(c), c.req.valid('param').id, c.req.valid('query').date), 200),
  );

  app.openapi(billingCsvRoute, async (c) =>
    csvResponse(await billingDayCsv(deps, staff(c), c.req.valid('param').id, c.req.valid('query').date)),
  );

  app.openapi(seasonSummaryRoute, async (c) =>
    c.json(await staffSeasonSummary(deps, staff(c), c.req.valid('param').id, c.req.valid('query').season_id), 200),
  );

  // Issue 31: the roster names each plan in the request's language, on the page and in its CSV.
  const locale = (c: { req: { header(name: string): string | undefined } }) =>
    requestLocale(c.req.header('accept-language'));

  app.openapi(rosterRoute, async (c) =>
    c.json(await teamRoster(deps, staff(c), c.req.valid('param').team_id, c.req.valid('query'), locale(c)), 200),
  );

  app.openapi(rosterCsvRoute, async (c) =>
    csvResponse(await rosterCsv(deps, staff(c), c.req.valid('param').team_id, locale(c))),
  );

  app.openapi(paymentsCsvRoute, async (c) =>
    csvResponse(await paymentsCsv(deps, staff(c), c.req.valid('param').team_id)),
  );

  app.openapi(membershipRoute, async (c) =>
    c.json(await staffMembership(deps, staff(c), c.req.valid('param').id, locale(c)), 200),
  );

  app.openapi(refundRoute, async (c) =>
    c.json(
      await refundMembership(
        deps,
        staff(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.req.valid('header')['idempotency-key'],
      ),
      201,
    ),
  );

  app.openapi(retryRoute, async (c) =>
    c.json(await retryPhase(deps, staff(c), c.req.valid('param').id, c.req.valid('param').phase_id), 200),
  );

  app.openapi(offlineRoute, async (c) =>
    c.json(
      await markPaidOffline(
        deps,
        staff(c),
        c.req.valid('param').id,
        c.req.valid('param').phase_id,
        c.req.valid('json'),
      ),
      200,
    ),
  );

  app.openapi(cancelRoute, async (c) =>
    c.json(await cancelSchedule(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  return app;
}
