import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WAIVER_AGREEMENT_LABEL } from '../../domain/payment-rules';
import { setLocale } from '../../i18n/runtime';
import { WaiverSection } from './waiver-section';

const ENGLISH = 'Club rules: play fair.';
const SPANISH = 'Normas del club: juega limpio.';
const NOTICE = 'Este texto solo está disponible en inglés.';

function renderWaiver(waiverEs: string | null | undefined) {
  return render(
    <WaiverSection waiver={ENGLISH} waiverEs={waiverEs} agreed={false} touched={false} onChange={vi.fn()} />,
  );
}

describe("the waiver in the family's language (issue 31 point 4)", () => {
  it('in English: the English text, never the notice, even where the club wrote a Spanish one', () => {
    renderWaiver(SPANISH);
    const region = screen.getByRole('region', { name: 'Waiver text' });
    expect(region.textContent).toBe(ENGLISH);
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(screen.getByRole('checkbox', { name: WAIVER_AGREEMENT_LABEL })).toBeTruthy();
  });

  it("in Spanish: the club's Spanish text when it wrote one, without the notice", async () => {
    await act(() => setLocale('es'));
    renderWaiver(SPANISH);
    const region = screen.getByRole('region', { name: 'Texto de la exención de responsabilidad' });
    expect(region.textContent).toBe(SPANISH);
    expect(region.querySelector('[lang="en"]')).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('in Spanish without a Spanish text: the English text, marked English, under the notice', async () => {
    await act(() => setLocale('es'));
    for (const none of [null, undefined, '  ']) {
      const { unmount } = renderWaiver(none);
      const notice = screen.getByText(NOTICE);
      const region = screen.getByRole('region', { name: 'Texto de la exención de responsabilidad' });
      expect(region.textContent).toBe(ENGLISH);
      expect(region.querySelector('p')?.getAttribute('lang')).toBe('en');
      // The notice comes first and describes the text.
      expect(notice.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(region.getAttribute('aria-describedby')).toBe(notice.id);
      unmount();
    }
  });

  it('switching the language switches the text in place', async () => {
    renderWaiver(SPANISH);
    expect(screen.getByRole('region').textContent).toBe(ENGLISH);
    await act(() => setLocale('es'));
    expect(screen.getByRole('region').textContent).toBe(SPANISH);
    await act(() => setLocale('en'));
    expect(screen.getByRole('region').textContent).toBe(ENGLISH);
  });
});

describe('a waiver changed since it was shown (issue 32 point 3)', () => {
  const CHANGED = 'The waiver has changed since you read it. Read the new text and agree to it again.';

  it("shows the server's text as an alert above the new text, tied to the agreement box, both with the error", () => {
    const { rerender } = render(
      <WaiverSection waiver={ENGLISH} agreed={false} touched={false} notice={CHANGED} onChange={vi.fn()} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(CHANGED);
    const box = screen.getByRole('checkbox', { name: WAIVER_AGREEMENT_LABEL });
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    rerender(<WaiverSection waiver={ENGLISH} agreed={false} touched notice={CHANGED} onChange={vi.fn()} />);
    const ids = box.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(screen.getByText(CHANGED).id);
  });

  it('shows nothing of it without a notice', () => {
    render(<WaiverSection waiver={ENGLISH} agreed={false} touched={false} onChange={vi.fn()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('checkbox', { name: WAIVER_AGREEMENT_LABEL }).getAttribute('aria-describedby')).toBeNull();
  });
});
