/**
 * The pages' branding (spec §1, §3, §7), on the route layer because it calls the API and reads the stored user,
 * which views may not: the white-label settings of the page's host and the organization's or client's stylesheet.
 * The loading (once per visit, with a timeout) is src/api/branding.ts's; these hooks only follow it.
 */
import { useEffect, useState } from 'react';
import { clientCssUrl, loadLicenceOrganizationId, loadWhiteLabel, organizationCssUrl } from '../api/branding';
import type { WhiteLabel } from '../api/schemas';
import { config } from '../config';
import { useStylesheet } from '../views/common/branding/use-stylesheet';

/** The value a promise settles to for `key`; undefined until it did (and again while a new key loads). */
function useLoaded<T>(
  key: string | null,
  load: (key: string) => Promise<T>,
  onFailure: (error: unknown) => T,
): T | undefined {
  const [loaded, setLoaded] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    load(key).then(
      (value) => {
        if (current) setLoaded({ key, value });
      },
      (error: unknown) => {
        if (current) setLoaded({ key, value: onFailure(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [key, load, onFailure]);
  return loaded !== null && loaded.key === key ? loaded.value : undefined;
}

const loadWhiteLabelOf = (subdomain: string) => loadWhiteLabel(subdomain === '' ? null : subdomain);
const noWhiteLabel = (error: unknown): null => {
  console.warn('White-label settings not loaded; using the configured client name.', error);
  return null;
};

/**
 * The white-label settings of the organization's `api_subdomain` host (else the current server) once loaded; null
 * while loading and after a failure (logged, never shown): the page renders at once with the configured name.
 */
export function useWhiteLabel(apiSubdomain: string | null | undefined): WhiteLabel | null {
  return useLoaded(apiSubdomain ?? '', loadWhiteLabelOf, noWhiteLabel) ?? null;
}

/** The brand name the app stores list (strings.app_name), else the configured client name. */
export function brandName(whiteLabel: WhiteLabel | null): string {
  const name = whiteLabel?.strings.app_name.trim() ?? '';
  return name === '' ? config.clientName : name;
}

/** The stylesheet for an organization id, or the client's when the organization is not known (null). */
export function brandStylesheetUrl(organizationId: number | null): string {
  return organizationId === null ? clientCssUrl() : organizationCssUrl(organizationId);
}

/**
 * Loads the organization's stylesheet when `organizationId` is a number, the client's when it is null, and nothing
 * while it is undefined (not known yet: loading one and then swapping to the other would flash).
 */
export function useBrandStylesheet(organizationId: number | null | undefined): void {
  useStylesheet(organizationId === undefined ? undefined : brandStylesheetUrl(organizationId));
}

/** The user fields the journey's stylesheet reads (§3 Current user: license.organization.id). */
export interface JourneyUser {
  readonly license: { readonly organization: { readonly id: number } | null } | null;
}

/** A licence named in the page's URL (/login and /register's `license`, with `coach` for a coach's code). */
export interface UrlLicence {
  readonly code: string | undefined;
  readonly coach?: boolean | undefined;
}

const loadOrganizationOf = (key: string) => {
  const [kind, code] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  return loadLicenceOrganizationId(code, { coach: kind === 'coach' });
};
const unknownOrganization = (error: unknown): null => {
  console.warn("The licence's organization is not known; using the stored user's or the client's stylesheet.", error);
  return null;
};

/**
 * The stylesheet of a licence's journey beyond the licence pages (login, register, payment, dashboard; spec §1, §7):
 * the organization of the licence in the URL when the page has one (/login, /register), else (or when that licence
 * has no organization or cannot be loaded) the organization of the stored user's licence, else the client's.
 * While the URL's licence loads, nothing is loaded (no flash of another brand).
 */
export function useJourneyStylesheet(user: JourneyUser | null, licence?: UrlLicence): void {
  const code = licence?.code?.trim() ?? '';
  const key = code === '' ? null : `${licence?.coach === true ? 'coach' : 'team'}:${code}`;
  const fromUrl = useLoaded(key, loadOrganizationOf, unknownOrganization);
  const fromUser = user?.license?.organization?.id ?? null;
  useBrandStylesheet(key !== null && fromUrl === undefined ? undefined : (fromUrl ?? fromUser));
}
