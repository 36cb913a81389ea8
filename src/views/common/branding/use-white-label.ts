/**
 * White-label data (spec §3, §7 GET /api/white-label-settings/BUILD) for the page's brand: fetched on the
 * organization's `api_subdomain` host when the page has one, else on the current server. Branding is decoration:
 * the page renders at once with the configured client name, and a slow or failed load only leaves it at that.
 */
import { useEffect, useState } from 'react';
import { getWhiteLabel, whiteLabelBaseUrl } from '../../../api/branding';
import type { WhiteLabel } from '../../../api/schemas';
import { config } from '../../../config';

/** Longest wait for the settings; past it the page keeps the configured name (and the loading overlay closes). */
export const WHITE_LABEL_TIMEOUT_MS = 5000;

// One request per host for the whole visit: every licence page of the visit shows the same brand.
const cache = new Map<string, Promise<WhiteLabel>>();

/** Loads (once per host) the white-label settings; a failure is forgotten so a later page may try again. */
export function loadWhiteLabel(apiSubdomain: string | null): Promise<WhiteLabel> {
  const key = whiteLabelBaseUrl(apiSubdomain);
  const cached = cache.get(key);
  if (cached) return cached;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WHITE_LABEL_TIMEOUT_MS);
  const request = getWhiteLabel(apiSubdomain, { signal: controller.signal }).finally(() => clearTimeout(timer));
  cache.set(key, request);
  request.catch(() => cache.delete(key));
  return request;
}

/** Forgets every loaded brand (tests; a switch of API server reaches another host anyway). */
export function clearWhiteLabelCache(): void {
  cache.clear();
}

/** The white-label settings once loaded; null while loading and after a failure (logged, never shown). */
export function useWhiteLabel(apiSubdomain: string | null | undefined): WhiteLabel | null {
  const subdomain = apiSubdomain ?? null;
  const [loaded, setLoaded] = useState<{ subdomain: string | null; whiteLabel: WhiteLabel } | null>(null);
  useEffect(() => {
    let current = true;
    loadWhiteLabel(subdomain).then(
      (whiteLabel) => {
        if (current) setLoaded({ subdomain, whiteLabel });
      },
      (error: unknown) => {
        console.warn('White-label settings not loaded; using the configured client name.', error);
      },
    );
    return () => {
      current = false;
    };
  }, [subdomain]);
  return loaded?.subdomain === subdomain ? loaded.whiteLabel : null;
}

/** The brand name the app stores list (strings.app_name), else the configured client name. */
export function brandName(whiteLabel: WhiteLabel | null): string {
  const name = whiteLabel?.strings.app_name.trim() ?? '';
  return name === '' ? config.clientName : name;
}
