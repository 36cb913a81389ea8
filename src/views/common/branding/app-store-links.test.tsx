import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppStoreLinks } from './app-store-links';

describe('AppStoreLinks', () => {
  it("links both stores to the brand's app by name", () => {
    render(<AppStoreLinks appName="Northside & Co Baseball" />);
    const apple = screen.getByRole('link', { name: 'Download on the App Store' });
    const google = screen.getByRole('link', { name: 'Get it on Google Play' });
    expect(apple.getAttribute('href')).toBe('https://apps.apple.com/us/search?term=Northside%20%26%20Co%20Baseball');
    expect(google.getAttribute('href')).toBe(
      'https://play.google.com/store/search?q=Northside%20%26%20Co%20Baseball&c=apps',
    );
  });
});
