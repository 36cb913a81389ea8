/**
 * Branding calls of §7: the white-label settings (on the organization's `api_subdomain` host when given, §2 licence
 * page) and the two website stylesheets, which the views load with a <link> (the URL builders) or fetch as text.
 */
import { config } from '../config';
import { apiBaseUrl } from '../session/api-server';
import { apiUrl, type CallOptions, requestJson, requestText } from './client';
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
