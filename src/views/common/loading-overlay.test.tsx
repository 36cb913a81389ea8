import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

describe('LoadingOverlay', () => {
  it('renders nothing while no request is in flight', () => {
    render(<LoadingOverlay inFlight={0} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a polite "Loading" status with a backdrop while requests run', () => {
    render(<LoadingOverlay inFlight={2} />);
    const overlay = screen.getByRole('status', { name: 'Loading' });
    expect(overlay.getAttribute('aria-live')).toBe('polite');
    expect(overlay.classList.contains('loading-overlay')).toBe(true);
    expect(overlay.querySelector('.spinner')?.getAttribute('aria-hidden')).toBe('true');
  });
});
