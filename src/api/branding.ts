/**
 * Branding calls of §7: the white-label settings (on the organization's `api_subdomain` host when given, §2 licence
 * page), the two website stylesheets, which the pages load with a <link> (the URL builders) or fetch as text, and
 * the organization of a licence code (whose stylesheet /login and /register load, §1). Branding is decoration: the
 * loaders below ask once per visit, give up after WHITE_LABEL_TIMEOUT_MS and forget a failure, so a later page may
 * try again.
 */
import { config } from '../config';
import { apiBaseUrl } from '../session/api-server';
import { apiUrl, type CallOptions, requestJson, requestText } from './client';
import { getCoachLicence, getLicenceInfo } from './licences';
import { type WhiteLabel, whiteLabelSchema } from './schemas';

// A DNS label: anything else (dots, slashes, '@') could point the request at another host entirely.
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The base URL of the white-label call: `${protocol}//${sub}.${hostname}:${port}` of the selected server's origin
 * when an api_subdomain is given, else the selected server. A value that is not a DNS label is refused (logged)
 * and the selected server is used.
 */
export function whiteLabelBaseUrl(apiSubdomain?: string | null): string {
  const base = apiBaseUrl();
  const subdomain = apiSubdomain?.trim() ?? '';
  if (subdomain === '') return base;
  if (!DNS_LABEL.test(subdomain)) {
    console.error(`Ignored api_subdomain "${subdomain}": not a host name label`);
    return base;
  }
  const { protocol, hostname, port } = new URL(base);
  return `${protocol}//${subdomain}.${hostname}${port ? `:${port}` : ''}`;
}

/** GET /api/white-label-settings/BUILD → app name, icons and logos (no authorization: it may go to another host). */
export function getWhiteLabel(apiSubdomain?: string | null, options?: CallOptions): Promise<WhiteLabel> {
  return requestJson('/api/white-label-settings/BUILD', whiteLabelSchema, {
    baseUrl: whiteLabelBaseUrl(apiSubdomain),
    ...options,
    auth: 'none',
  });
}

function organizationCssPath(organizationId: number): string {
  return `/api/organizations/${organizationId}/website-css`;
}

function clientCssBaseUrl(): string {
  return config.serverCssUrl.trim() === '' ? window.location.origin : config.serverCssUrl;
}

function clientCssPath(): string {
  return `/api/clients/${encodeURIComponent(config.clientId)}/website-css`;
}

/** The organization's website stylesheet on the selected server. */
export function organizationCssUrl(organizationId: number): string {
  return apiUrl(organizationCssPath(organizationId));
}

/** The client's website stylesheet, on the site's own host (config.serverCssUrl) with the configured client id. */
export function clientCssUrl(): string {
  return apiUrl(clientCssPath(), clientCssBaseUrl());
}

/** GET /api/organizations/{id}/website-css → the stylesheet text. */
export function getOrganizationCss(organizationId: number, options?: CallOptions): Promise<string> {
  return requestText(organizationCssPath(organizationId), { ...options, auth: 'none' });
}

/** GET /api/clients/{clientId}/website-css → the stylesheet text, from the site's own host. */
export function getClientCss(options?: CallOptions): Promise<string> {
  return requestText(clientCssPath(), { baseUrl: clientCssBaseUrl(), ...options, auth: 'none' });
}

/** Longest wait for a branding answer; past it the page keeps the configured name (and the loading overlay closes). */
export const WHITE_LABEL_TIMEOUT_MS = 5000;

// One request per key for the whole visit: every page of the visit shows the same brand.
const whiteLabels = new Map<string, Promise<WhiteLabel>>();
const licenceOrganizations = new Map<string, Promise<number | null>>();

function once<T>(cache: Map<string, Promise<T>>, key: string, load: (options: CallOptions) => Promise<T>): Promise<T> {
  const cached = cache.get(key);
  if (cached) return cached;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WHITE_LABEL_TIMEOUT_MS);
  const request = load({ signal: controller.signal }).finally(() => clearTimeout(timer));
  cache.set(key, request);
  request.catch(() => cache.delete(key));
  return request;
}

/** The white-label settings of a host, loaded once per visit (getWhiteLabel, with the timeout). */
export function loadWhiteLabel(apiSubdomain: string | null): Promise<WhiteLabel> {
  return once(whiteLabels, whiteLabelBaseUrl(apiSubdomain), (options) => getWhiteLabel(apiSubdomain, options));
}

/**
 * The organization of a licence code (`organization_id` of GET /api/registration-link/info/{code}, or of the coach
 * licence call for a coach's code), null when the licence has none; loaded once per visit. Rejects when the code is
 * unknown or the call fails.
 */
export function loadLicenceOrganizationId(
  code: string,
  { coach = false }: { coach?: boolean } = {},
): Promise<number | null> {
  return once(licenceOrganizations, `${coach ? 'coach' : 'team'}:${apiBaseUrl()}:${code}`, async (options) => {
    const licence = await (coach ? getCoachLicence(code, options) : getLicenceInfo(code, options));
    return licence.organization_id;
  });
}

/** Forgets every loaded brand and licence organization (tests; a switch of API server reaches another host anyway). */
export function clearBrandingCache(): void {
  whiteLabels.clear();
  licenceOrganizations.clear();
}
