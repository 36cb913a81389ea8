import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../api/fetch-stub';
import { whiteLabel as wireWhiteLabel } from '../../../api/wire-samples';
import {
  brandName,
  clearWhiteLabelCache,
  loadWhiteLabel,
  useWhiteLabel,
  WHITE_LABEL_TIMEOUT_MS,
} from './use-white-label';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearWhiteLabelCache();
});

const northside = { ...wireWhiteLabel, strings: { app_name: 'Northside Baseball' } };

function BrandName({ apiSubdomain }: { apiSubdomain: string | null }) {
  return <p>{brandName(useWhiteLabel(apiSubdomain))}</p>;
}

describe('useWhiteLabel', () => {
  it("fetches the settings on the api_subdomain's host and shows its app name", async () => {
    const requests = stubFetch(() => jsonResponse(northside));
    render(<BrandName apiSubdomain="northside" />);
    expect(screen.getByText('Diamond Academy')).toBeTruthy();
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    const origin = new URL(window.location.origin);
    expect(requests.map((request) => request.url)).toEqual([
      `${origin.protocol}//northside.${origin.host}/api/white-label-settings/BUILD`,
    ]);
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('fetches on the current server without an api_subdomain, once per host for the visit', async () => {
    const requests = stubFetch(() => jsonResponse(northside));
    const first = render(<BrandName apiSubdomain={null} />);
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    first.unmount();
    render(<BrandName apiSubdomain={null} />);
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual([
      `${window.location.origin}/api/white-label-settings/BUILD`,
    ]);
  });

  it('keeps the configured client name when the settings fail to load, and tries again on a later page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer = () => jsonResponse({ message: 'Server error', messages: {} }, 500);
    const requests = stubFetch(() => answer());
    render(<BrandName apiSubdomain="northside" />);
    await waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(screen.getByText('Diamond Academy')).toBeTruthy();
    answer = () => jsonResponse(northside);
    await expect(loadWhiteLabel('northside')).resolves.toEqual(northside);
    // The failure was not kept: the later page asked again.
    expect(requests).toHaveLength(2);
  });

  it('refuses an api_subdomain that is not a host label and asks the current server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = stubFetch(() => jsonResponse(northside));
    render(<BrandName apiSubdomain="evil.example.com/" />);
    expect(await screen.findByText('Northside Baseball')).toBeTruthy();
    expect(requests[0]?.url).toBe(`${window.location.origin}/api/white-label-settings/BUILD`);
  });
});

describe('loadWhiteLabel', () => {
  it('gives up on a host that never answers, so the loading overlay closes and the page keeps its name', async () => {
    vi.useFakeTimers();
    try {
      stubFetch(() => new Promise<Response>(() => {}));
      const load = loadWhiteLabel('lakeside');
      const outcome = expect(load).rejects.toMatchObject({ kind: 'abort' });
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
