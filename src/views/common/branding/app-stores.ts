/**
 * The two mobile app stores the licence pages link to (spec §2: 'links to the two mobile app stores'). The
 * configuration names no store listing, so the links search each store for the brand's app by its white-label name;
 * the person lands on the listing in one tap.
 */
export interface AppStoreLink {
  store: 'apple' | 'google';
  href: string;
}

export function appStoreLinks(appName: string): readonly AppStoreLink[] {
  const term = encodeURIComponent(appName.trim());
  return [
    { store: 'apple', href: `https://apps.apple.com/us/search?term=${term}` },
    { store: 'google', href: `https://play.google.com/store/search?q=${term}&c=apps` },
  ];
}
