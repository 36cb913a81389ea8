/**
 * The console's 'Billing' page (issue 33 point 4; docs/api.md "Club console"): one day's instalments of an
 * organization, by outcome, with each failed one; its CSV.
 */
import { z } from 'zod/mini';
import { id } from '../domain/wire';
import { type AdminCallOptions, adminRequest } from './admin';
import { fetchAdminCsv } from './admin-exports';
import type { DownloadedFile } from './download';

const figure = z.object({ count: z.number().check(z.int(), z.nonnegative()), amount_cents: z.number().check(z.int()) });

export const billingDaySchema = z.object({
  organization: z.object({ id, name: z.string() }),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  due: figure,
  collected: figure,
  declined: figure,
  retrying: figure,
  failed: figure,
  scheduled: figure,
  failures: z.array(
    z.object({
      membership_id: id,
      phase_id: id,
      athlete: z.object({ id, name: z.string() }),
      team: z.object({ id, name: z.string() }),
      amount_cents: z.number().check(z.int()),
      status: z.enum(['retrying', 'failed']),
      failure_message: z.nullable(z.string()),
      next_attempt_on: z.nullable(z.string()),
    }),
  ),
});
export type BillingDay = z.infer<typeof billingDaySchema>;

const dateQuery = (date: string | null) => (date === null ? '' : `?date=${encodeURIComponent(date)}`);

/** GET /api/admin/organizations/{id}/billing?date= (today when null). */
export function getBillingDay(
  organizationId: number,
  date: string | null,
  options: AdminCallOptions = {},
): Promise<BillingDay> {
  return adminRequest(`/api/admin/organizations/${organizationId}/billing${dateQuery(date)}`, billingDaySchema, {
    signal: options.signal,
  });
}

/** GET /api/admin/organizations/{id}/billing.csv?date= */
export function fetchBillingDayCsv(
  organizationId: number,
  date: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  return fetchAdminCsv(
    `/api/admin/organizations/${organizationId}/billing.csv${dateQuery(date)}`,
    `billing-${date}.csv`,
    options,
  );
}

/** The public channel the server pings (no data) when a billing run changes the organization's instalments. */
export function billingChannel(organizationId: number): string {
  return `admin.billing.${organizationId}`;
}
