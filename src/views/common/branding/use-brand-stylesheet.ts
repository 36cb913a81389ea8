/**
 * The organization's or the client's website stylesheet (spec §1, §7), loaded with a <link> after the site's own
 * styles so it can override them. A script-inserted stylesheet never blocks rendering, and one that fails to load
 * (404, offline, another host down) is removed and logged: the page keeps the site's styles.
 */
import { useEffect } from 'react';
import { clientCssUrl, organizationCssUrl } from '../../../api/branding';

/** Adds the stylesheet to <head>; returns the function that removes it. */
export function attachStylesheet(href: string, doc: Document = document): () => void {
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.brandStylesheet = '';
  link.addEventListener('error', () => {
    console.warn(`Brand stylesheet not loaded, keeping the site's styles: ${href}`);
    link.remove();
  });
  doc.head.append(link);
  return () => link.remove();
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
  useEffect(() => {
    if (organizationId === undefined) return;
    return attachStylesheet(brandStylesheetUrl(organizationId));
  }, [organizationId]);
}

/** The user fields the journey's stylesheet reads (§3 Current user: license.organization.id). */
export interface JourneyUser {
  readonly license: { readonly organization: { readonly id: number } | null } | null;
}

/**
 * The stylesheet of a licence's journey beyond the licence pages (login, register, payment, dashboard; spec §1, §7):
 * the organization of the stored user's licence, or the client's when there is no user or no organization yet.
 */
export function useJourneyStylesheet(user: JourneyUser | null): void {
  useBrandStylesheet(user?.license?.organization?.id ?? null);
}
