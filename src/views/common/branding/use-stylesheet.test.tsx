import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachStylesheet, useStylesheet } from './use-stylesheet';

afterEach(() => {
  vi.restoreAllMocks();
});

function Styled({ href }: { href: string | undefined }) {
  useStylesheet(href);
  return <p>page</p>;
}

const brandLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[data-brand-stylesheet]')];

describe('useStylesheet', () => {
  it('keeps the stylesheet in <head> while mounted, after the site’s own styles', () => {
    const view = render(<Styled href="https://styles.example.com/org.css" />);
    expect(brandLinks().map((link) => [link.rel, link.href])).toEqual([
      ['stylesheet', 'https://styles.example.com/org.css'],
    ]);
    expect(document.head.lastElementChild).toBe(brandLinks()[0]);
    view.unmount();
    expect(brandLinks()).toEqual([]);
  });

  it('loads nothing while the stylesheet is not known, then swaps without leaving the old one behind', () => {
    const view = render(<Styled href={undefined} />);
    expect(brandLinks()).toEqual([]);
    view.rerender(<Styled href="https://styles.example.com/3.css" />);
    view.rerender(<Styled href="https://styles.example.com/4.css" />);
    expect(brandLinks().map((link) => link.href)).toEqual(['https://styles.example.com/4.css']);
    view.unmount();
  });
});

describe('attachStylesheet', () => {
  it('removes a stylesheet that fails to load and logs it; the page is untouched', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const detach = attachStylesheet('https://styles.example.com/broken.css');
    const [link] = brandLinks();
    link?.dispatchEvent(new Event('error'));
    expect(brandLinks()).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://styles.example.com/broken.css'));
    detach();
  });
});
