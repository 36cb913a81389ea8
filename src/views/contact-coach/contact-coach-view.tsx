import { Link } from '@tanstack/react-router';
import { config } from '../../config';
import { useT } from '../../i18n/use-t';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';

/**
 * /contact-coach (spec §2): where someone without a licence link lands (login welcome 'No' without a licence, a
 * registration without a licence, §4). Registering needs the link a coach or team administrator sends, so the page
 * says whom to ask and offers the way in for those who already have an account.
 */
export function ContactCoachView() {
  const t = useT();
  return (
    <Page>
      <section className="card">
        <StepHeading>{t('contact.heading')}</StepHeading>
        <p>{t('contact.needLink', { client_name: config.clientName })}</p>
        <p>{t('contact.askCoach')}</p>
        <p>
          {t('contact.haveAccount')}{' '}
          <Link to="/login" search={{ step: 2 }}>
            {t('contact.logIn')}
          </Link>
        </p>
      </section>
    </Page>
  );
}
