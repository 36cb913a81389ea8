import './branding.css';
import { appStoreLinks } from './app-stores';

/** Both app-store links for the brand's app, as large touch targets. */
export function AppStoreLinks({ appName }: { appName: string }) {
  return (
    <ul className="store-links" aria-label="App stores">
      {appStoreLinks(appName).map((link) => (
        <li key={link.store}>
          <a className="button button--secondary store-link" href={link.href} data-store={link.store}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
