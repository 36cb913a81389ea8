import './branding.css';
import { useT } from '../../../i18n/use-t';
import { appStoreLinks } from './app-stores';

/** Both app-store links for the brand's app, as large touch targets. */
export function AppStoreLinks({ appName }: { appName: string }) {
  const t = useT();
  return (
    <ul className="store-links" aria-label={t('licence.appStores')}>
      {appStoreLinks(appName).map((link) => (
        <li key={link.store}>
          <a className="button button--secondary store-link" href={link.href} data-store={link.store}>
            {t(link.store === 'apple' ? 'licence.appStore' : 'licence.googlePlay')}
          </a>
        </li>
      ))}
    </ul>
  );
}
