import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/runtime.ts';
import { textsOutsideCatalogue } from '../harness/catalogue-check.ts';

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
