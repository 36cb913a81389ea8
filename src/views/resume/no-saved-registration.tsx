import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';
import { StepHeading } from '../common/step-heading';

/** /continue without a saved registration (finished, started over, or never saved): where to go instead. */
export function NoSavedRegistration({ license }: { license: string | null }) {
  const t = useT();
  return (
    <section className="card">
      <StepHeading>{t('resume.nothingHeading')}</StepHeading>
      <p>{t('resume.noSaved')}</p>
      <p>
        {license === null ? (
          <Link to="/dashboard">{t('resume.goToAccount')}</Link>
        ) : (
          <Link to="/licenses/$license" params={{ license }}>
            {t('resume.goToLicence')}
          </Link>
        )}
      </p>
    </section>
  );
}
