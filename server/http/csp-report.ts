import { Hono } from 'hono';
import type { Logger } from '../log.ts';
import { CSP_REPORT_PATH } from './csp.ts';

/**
 * Where browsers send Content-Security-Policy violation reports (CSP_REPORT_PATH, named in every policy of
 * server/http/csp.ts): each is logged as a warning, so a blocked script in production shows in the logs. Both formats
 * are read: `report-uri`'s `{ "csp-report": { … } }` (what the policies ask for) and the Reporting API's
 * `[{ type: "csp-violation", body }]`. Only what says what was blocked where is logged, URLs without their query or
 * fragment (a reset link's token, a client secret), every value cut short; the answer is always 204, so the endpoint
 * tells a sender nothing.
 */
/** A report's fields as logged. */
export interface LoggedCspReport {
  document: string;
  blocked: string;
  directive: string;
  disposition: string;
  sample: string;
  source: string;
  line: number | null;
}

const MAX_TEXT = 200;
const MAX_REPORTS = 20;

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : '';
}

/** A URL without its query and fragment; a keyword (`inline`, `eval`) or anything unparsable as it is, cut short. */
function withoutQuery(value: unknown): string {
  const raw = text(value);
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`.slice(0, MAX_TEXT);
  } catch {
    return raw.split(/[?#]/)[0] ?? '';
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;
}

/** The reports in a body of either format (at most MAX_REPORTS); nothing for anything else. */
export function readCspReports(body: unknown): LoggedCspReport[] {
  const legacy = record(record(body)?.['csp-report']);
  const items = legacy
    ? [legacy]
    : Array.isArray(body)
      ? body
          .map(record)
          .filter((item) => item?.type === 'csp-violation')
          .map((item) => record(item?.body))
      : [];
  return items
    .filter((item) => item !== null)
    .slice(0, MAX_REPORTS)
    .map((item) => {
      const line = item['line-number'] ?? item.lineNumber;
      return {
        document: withoutQuery(item['document-uri'] ?? item.documentURL),
        blocked: withoutQuery(item['blocked-uri'] ?? item.blockedURL),
        directive: text(item['effective-directive'] ?? item.effectiveDirective ?? item['violated-directive']),
        disposition: text(item.disposition),
        sample: text(item['script-sample'] ?? item.sample),
        source: withoutQuery(item['source-file'] ?? item.sourceFile),
        line: typeof line === 'number' ? line : null,
      };
    });
}

export function cspReportRoutes(log: Pick<Logger, 'warn'>): Hono {
  const app = new Hono();
  app.post(CSP_REPORT_PATH, async (c) => {
    let body: unknown = null;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      // Not JSON: nothing to log.
    }
    for (const report of readCspReports(body)) log.warn({ csp: report }, 'content security policy violation');
    return c.body(null, 204);
  });
  return app;
}
