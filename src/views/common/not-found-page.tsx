import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';
import { Page } from './page';

export function NotFoundPage() {
  const t = useT();
  return (
    <Page>
      <h1>{t('common.notFound')}</h1>
      <p>{t('common.notFoundText')}</p>
      <p>
        <Link to="/login">{t('common.goToLogin')}</Link>
      </p>
    </Page>
  );
}
