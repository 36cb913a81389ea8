import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachStylesheet, type JourneyUser, useBrandStylesheet, useJourneyStylesheet } from './use-brand-stylesheet';

afterEach(() => {
  vi.restoreAllMocks();
});

function Styled({ organizationId }: { organizationId: number | null | undefined }) {
  useBrandStylesheet(organizationId);
  return <p>page</p>;
}

const brandLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[data-brand-stylesheet]')];

describe('useBrandStylesheet', () => {
  it("loads the organization's stylesheet when the organization is known", () => {
    const view = render(<Styled organizationId={7} />);
    expect(brandLinks().map((link) => [link.rel, link.href])).toEqual([
      ['stylesheet', `${window.location.origin}/api/organizations/7/website-css`],
    ]);
    view.unmount();
    expect(brandLinks()).toEqual([]);
  });

  it("loads the client's stylesheet on the site's own host when no organization is known", () => {
    render(<Styled organizationId={null} />);
    expect(brandLinks().map((link) => link.href)).toEqual([`${window.location.origin}/api/clients/1/website-css`]);
  });

  it('loads nothing while it is not known yet, then swaps without leaving the old one behind', () => {
    const view = render(<Styled organizationId={undefined} />);
    expect(brandLinks()).toEqual([]);
    view.rerender(<Styled organizationId={3} />);
    view.rerender(<Styled organizationId={4} />);
    expect(brandLinks().map((link) => link.href)).toEqual([
      `${window.location.origin}/api/organizations/4/website-css`,
    ]);
    view.unmount();
  });
});

function Journey({ user }: { user: JourneyUser | null }) {
  useJourneyStylesheet(user);
  return <p>page</p>;
}

describe('useJourneyStylesheet', () => {
  const licensed = (id: number): JourneyUser => ({ license: { organization: { id } } });

  it("loads the stored user's licence organization stylesheet", () => {
    const view = render(<Journey user={licensed(7)} />);
    expect(brandLinks().map((link) => link.href)).toEqual([
      `${window.location.origin}/api/organizations/7/website-css`,
    ]);
    view.unmount();
  });

  it("loads the client's stylesheet without a user, a licence or an organization", () => {
    for (const user of [null, { license: null }, { license: { organization: null } }]) {
      const view = render(<Journey user={user} />);
      expect(brandLinks().map((link) => link.href)).toEqual([`${window.location.origin}/api/clients/1/website-css`]);
      view.unmount();
    }
  });

  it('swaps to the organization once the stored user has a licence', () => {
    const view = render(<Journey user={null} />);
    view.rerender(<Journey user={licensed(4)} />);
    expect(brandLinks().map((link) => link.href)).toEqual([
      `${window.location.origin}/api/organizations/4/website-css`,
    ]);
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
