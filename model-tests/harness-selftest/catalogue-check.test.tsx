import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../src/domain/dates.ts';
import { currentLocale, intlLocale, t } from '../../src/i18n/runtime.ts';
import { useT } from '../../src/i18n/use-t.ts';
import { textsNotInPseudoLocale, textsOutsideCatalogue } from '../harness/catalogue-check.ts';
import { inPseudoLocale, installPseudoLocale, pseudoCatalogue, pseudoText } from '../harness/pseudo-locale.ts';

installPseudoLocale();

describe('the catalogue check (issue 31 point 5)', () => {
  it('finds a text written into a view, and accepts catalogue texts, data and Intl dates', () => {
    const { container } = render(
      <main>
        <h1>{t('common.notFound')}</h1>
        <p>Hard coded sentence</p>
        <p>Sam Rivera</p>
        <p>February 2, 2027</p>
        <button type="button" aria-label="Close the dialog">
          ×
        </button>
      </main>,
    );
    expect(textsOutsideCatalogue(container, ['sam rivera'])).toEqual(['Hard coded sentence', 'Close the dialog']);
  });
});

describe('the pseudo-locale check (issue 31 point 5)', () => {
  it('writes every letter of a catalogue text as a look-alike, placeholders, plurals and markup kept', () => {
    expect(pseudoText('Pay Now <0>today</0>')).toBe('Þáý Ñóŵ <0>ţóðáý</0>');
    expect(
      pseudoCatalogue({
        'x.count': ['Hi ', ['name'], ', ', ['count', 'plural', { one: ['# athlete'], other: ['# athletes'] }]],
      }),
    ).toEqual({
      'x.count': ['Ĥí ', ['name'], ', ', ['count', 'plural', { one: ['# áţĥļéţé'], other: ['# áţĥļéţéš'] }]],
    });
  });

  it("renders the page through the language switch and finds what the English check cannot: a catalogue's text written into a view", async () => {
    function Page() {
      const t = useT();
      return (
        <main>
          <h1>{t('common.notFound')}</h1>
          <p>{t('common.notFound') && 'Page not found'}</p>
          <p>Sam Rivera</p>
          <p>{formatDisplayDate('2027-02-02', 'long', intlLocale())}</p>
        </main>
      );
    }
    const { container } = render(<Page />);
    const outside = await inPseudoLocale(() => textsNotInPseudoLocale(container, ['sam rivera']));
    expect(outside).toEqual([t('common.notFound')]);
    // …and the page is back in English, as the drivers read it.
    expect(container.querySelector('h1')?.textContent).toBe(t('common.notFound'));
    expect(currentLocale()).toBe('en');
  });
});
