import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { requestJson } from '../api/client';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { beginRequest } from '../api/loading';
import { SiteLoadingOverlay } from './root.route';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the site's loading overlay (spec §2 Loading)", () => {
  it('shows while requests run, and hides when the last one ends', () => {
    render(<SiteLoadingOverlay />);
    expect(screen.queryByRole('status')).toBeNull();
    let endFirst = () => {};
    let endSecond = () => {};
    act(() => {
      endFirst = beginRequest();
      endSecond = beginRequest();
    });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined();
    act(() => endFirst());
    expect(screen.getByRole('status', { name: 'Loading' })).toBeDefined();
    act(() => endSecond());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('follows a real request from start to answer', async () => {
    let answer: ((response: Response) => void) | null = null;
    stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    render(<SiteLoadingOverlay />);
    const call = requestJson('/api/thing', z.object({ ok: z.boolean() }));
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeDefined();
    await vi.waitFor(() => expect(answer).not.toBeNull());
    await act(async () => {
      answer?.(jsonResponse({ ok: true }));
      await call;
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
