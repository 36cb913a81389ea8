import { useT } from '../../i18n/use-t';
import type { LicenceInfo, ShownText } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { shown } from '../payment/shown-text';

interface CoachLicenceProps {
  licence: LicenceInfo;
  /** 'Sorry, Coach licenses are no longer available.' instead of the offer. */
  unavailable: boolean;
  error: ShownText | null;
  canClaim: boolean;
  onClaim: () => void;
}

/** §2 coach licence: name, available count, 'Claim one' and the access-until date; or the no-longer-available text. */
export function CoachLicenceView({ licence, unavailable, error, canClaim, onClaim }: CoachLicenceProps) {
  const t = useT();
  return (
    <section className="card">
      <StepHeading>{licence.name}</StepHeading>
      {licence.organization_name && <p className="licence-organization">{licence.organization_name}</p>}
      {unavailable ? (
        <Alert>{t('licence.coachUnavailable')}</Alert>
      ) : (
        <>
          <p className="licence-count">{t('licence.available', { count: licence.available_licenses })}</p>
          {licence.expiration_date_formatted && (
            <p>
              {t('licence.accessUntil')} <strong>{licence.expiration_date_formatted}</strong>
            </p>
          )}
          {error !== null && <Alert>{shown(error)}</Alert>}
          <div className="button-row">
            <button type="button" className="button" onClick={onClaim} disabled={!canClaim}>
              {t('licence.claimOne')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
