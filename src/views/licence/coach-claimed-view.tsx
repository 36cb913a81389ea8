import type { LicenceInfo } from '../../machines/licence.connect';
import { AppStoreLinks } from '../common/branding/app-store-links';
import { StepHeading } from '../common/step-heading';
import { alreadyRegisteredText, LICENCE_TEXTS } from './licence-texts';

/** §2 'Already registered or claimed, coach variant', on /coach/{license} and /coach-claimed. */
export function CoachClaimedView({ licence, appName }: { licence: LicenceInfo; appName: string }) {
  return (
    <section className="card">
      <StepHeading>{alreadyRegisteredText(licence.name)}</StepHeading>
      {licence.expiration_date_formatted && (
        <p>
          {LICENCE_TEXTS.fullAccessUntil} <strong>{licence.expiration_date_formatted}</strong>
        </p>
      )}
      <p>{LICENCE_TEXTS.downloadNow}</p>
      <p>{LICENCE_TEXTS.logInProvided}</p>
      <AppStoreLinks appName={appName} />
    </section>
  );
}
