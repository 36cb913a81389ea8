import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { requestJson } from '../../api/client';
import { jsonResponse, stubFetch } from '../../api/fetch-stub';
import { beginRequest } from '../../api/loading';
import { LoadingOverlay } from './loading-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoadingOverlay', () => {
  it('renders nothing while no request is in flight', () => {
    render(<LoadingOverlay />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a polite "Loading" status with a backdrop while requests run, and hides when the last one ends', () => {
    render(<LoadingOverlay />);
    let endFirst = () => {};
    let endSecond = () => {};
    act(() => {
      endFirst = beginRequest();
      endSecond = beginRequest();
    });
    const overlay = screen.getByRole('status', { name: 'Loading' });
    expect(overlay.getAttribute('aria-live')).toBe('polite');
    expect(overlay.classList.contains('loading-overlay')).toBe(true);
    expect(overlay.querySelector('.spinner')?.getAttribute('aria-hidden')).toBe('true');
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
    render(<LoadingOverlay />);
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
