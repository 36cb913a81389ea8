import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBrandingCache, loadLicenceOrganizationId, loadWhiteLabel, WHITE_LABEL_TIMEOUT_MS } from '../api/branding';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { licenceInfo as wireLicence, whiteLabel as wireWhiteLabel } from '../api/wire-samples';
import {
  brandName,
  type JourneyUser,
  type UrlLicence,
  useBrandStylesheet,
  useJourneyStylesheet,
  useWhiteLabel,
} from './branding';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearBrandingCache();
});

const origin = window.location.origin;
const orgCss = (id: number) => `${origin}/api/organizations/${id}/website-css`;
const clientCss = `${origin}/api/clients/1/website-css`;
const brandLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[data-brand-stylesheet]')].map((link) => link.href);

const northside = { ...wireWhiteLabel, strings: { app_name: 'Northside Baseball' } };

function BrandName({ apiSubdomain }: { apiSubdomain: string | null }) {
  return <p>{brandName(useWhiteLabel(apiSubdomain))}</p>;
}

describe('useWhiteLabel', () => {
  it("asks the api_subdomain's host, without authorization, and shows its app name", async () => {
    const requests = stubFetch(() => jsonResponse(northside));
    render(<BrandName apiSubdomain="northside" />);
    expect(screen.getByText('Diamond Academy')).toBeTruthy();
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    const here = new URL(origin);
    expect(requests.map((request) => request.url)).toEqual([
      `${here.protocol}//northside.${here.host}/api/white-label-settings/BUILD`,
    ]);
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('asks the current server without an api_subdomain, once per host for the visit', async () => {
    const requests = stubFetch(() => jsonResponse(northside));
    const first = render(<BrandName apiSubdomain={null} />);
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    first.unmount();
    render(<BrandName apiSubdomain={null} />);
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual([`${origin}/api/white-label-settings/BUILD`]);
  });

  it('keeps the configured client name when the settings fail, and a later page asks again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer = () => jsonResponse({ message: 'Server error', messages: {} }, 500);
    const requests = stubFetch(() => answer());
    render(<BrandName apiSubdomain="northside" />);
    await waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(screen.getByText('Diamond Academy')).toBeTruthy();
    answer = () => jsonResponse(northside);
    await expect(loadWhiteLabel('northside')).resolves.toEqual(northside);
    expect(requests).toHaveLength(2);
  });

  it('refuses an api_subdomain that is not a host label and asks the current server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = stubFetch(() => jsonResponse(northside));
    render(<BrandName apiSubdomain="evil.example.com/" />);
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    expect(requests[0]?.url).toBe(`${origin}/api/white-label-settings/BUILD`);
  });

  it('gives up on a host that never answers, so the loading overlay closes and the page keeps its name', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(() => new Promise<Response>(() => {}));
      const outcome = expect(loadWhiteLabel('lakeside')).rejects.toMatchObject({ kind: 'abort' });
      await vi.advanceTimersByTimeAsync(WHITE_LABEL_TIMEOUT_MS);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('brandName', () => {
  it('is the white-label app name, else the configured client name', () => {
    expect(brandName(null)).toBe('Diamond Academy');
    expect(brandName(northside)).toBe('Northside Baseball');
    expect(brandName({ ...northside, strings: { app_name: '  ' } })).toBe('Diamond Academy');
  });
});

function Styled({ organizationId }: { organizationId: number | null | undefined }) {
  useBrandStylesheet(organizationId);
  return <p>page</p>;
}

describe('useBrandStylesheet', () => {
  it("loads the organization's stylesheet, the client's on the site's own host without one, nothing while unknown", () => {
    const view = render(<Styled organizationId={undefined} />);
    expect(brandLinks()).toEqual([]);
    view.rerender(<Styled organizationId={7} />);
    expect(brandLinks()).toEqual([orgCss(7)]);
    view.rerender(<Styled organizationId={null} />);
    expect(brandLinks()).toEqual([clientCss]);
    view.unmount();
    expect(brandLinks()).toEqual([]);
  });
});

function Journey({ user, licence }: { user: JourneyUser | null; licence?: UrlLicence }) {
  useJourneyStylesheet(user, licence);
  return <p>page</p>;
}

const licensed = (id: number): JourneyUser => ({ license: { organization: { id } } });

describe('useJourneyStylesheet', () => {
  it("follows the stored user's licence organization, else the client's", () => {
    const view = render(<Journey user={licensed(7)} />);
    expect(brandLinks()).toEqual([orgCss(7)]);
    for (const user of [null, { license: null }, { license: { organization: null } }]) {
      view.rerender(<Journey user={user} />);
      expect(brandLinks()).toEqual([clientCss]);
    }
    view.rerender(<Journey user={licensed(4)} licence={{ code: undefined }} />);
    expect(brandLinks()).toEqual([orgCss(4)]);
    view.unmount();
  });

  it("follows the licence in the URL (/login, /register) over the stored user's, loading nothing until it is known", async () => {
    const requests = stubFetch(() => jsonResponse({ ...wireLicence, organization_id: 12 }));
    render(<Journey user={licensed(7)} licence={{ code: 'TIGERS-2027' }} />);
    expect(brandLinks()).toEqual([]);
    await waitFor(() => expect(brandLinks()).toEqual([orgCss(12)]));
    expect(requests.map((request) => request.url)).toEqual([`${origin}/api/registration-link/info/TIGERS-2027`]);
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it("asks the coach licence call for a coach's code", async () => {
    const requests = stubFetch(() => jsonResponse({ ...wireLicence, is_coach: true, organization_id: 3 }));
    render(<Journey user={null} licence={{ code: 'COACH-2027', coach: true }} />);
    await waitFor(() => expect(brandLinks()).toEqual([orgCss(3)]));
    expect(requests.map((request) => request.url)).toEqual([
      `${origin}/api/registration-link/license/coach/code/COACH-2027`,
    ]);
  });

  it("falls back to the stored user's (or the client's) when the licence has no organization or is unknown", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch((request) =>
      request.url.endsWith('/NOORG')
        ? jsonResponse({ ...wireLicence, organization_id: null })
        : jsonResponse({ message: 'Not found.', messages: {} }, 404),
    );
    const first = render(<Journey user={licensed(7)} licence={{ code: 'NOORG' }} />);
    await waitFor(() => expect(brandLinks()).toEqual([orgCss(7)]));
    first.unmount();
    render(<Journey user={null} licence={{ code: 'UNKNOWN' }} />);
    await waitFor(() => expect(brandLinks()).toEqual([clientCss]));
  });

  it('asks for a licence once per visit', async () => {
    const requests = stubFetch(() => jsonResponse({ ...wireLicence, organization_id: 12 }));
    await expect(loadLicenceOrganizationId('TIGERS-2027')).resolves.toBe(12);
    await expect(loadLicenceOrganizationId('TIGERS-2027')).resolves.toBe(12);
    expect(requests).toHaveLength(1);
  });
});
