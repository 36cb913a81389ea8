import { useT } from '../../i18n/use-t';
import type { LicenceInfo } from '../../machines/licence.connect';
import { AppStoreLinks } from '../common/branding/app-store-links';
import { StepHeading } from '../common/step-heading';

/** §2 'Already registered or claimed, coach variant', on /coach/{license} and /coach-claimed. */
export function CoachClaimedView({ licence, appName }: { licence: LicenceInfo; appName: string }) {
  const t = useT();
  return (
    <section className="card">
      <StepHeading>{t('licence.alreadyRegistered', { name: licence.name })}</StepHeading>
      {licence.expiration_date_formatted && (
        <p>
          {t('licence.fullAccessUntil')} <strong>{licence.expiration_date_formatted}</strong>
        </p>
      )}
      <p>{t('licence.downloadNow')}</p>
      <p>{t('licence.logInProvided')}</p>
      <AppStoreLinks appName={appName} />
    </section>
  );
}
