import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import { PRIVACY_POLICY_URL, SUPPORT_EMAIL, TERMS_OF_USE_URL } from './dashboard-texts';

/** §2 Dashboard: support e-mail, response time, the 7-day refund statement, privacy and terms links (§9). */
export function SupportSection() {
  const t = useT();
  return (
    <section className="card" aria-labelledby="support-heading">
      <h2 id="support-heading">{t('dashboard.supportHeading')}</h2>
      <p>
        {rich(t('dashboard.support', { email: SUPPORT_EMAIL }), [
          <a key="email" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>,
        ])}
      </p>
      <p>{t('dashboard.refund')}</p>
      <ul className="legal-links">
        <li>
          <a href={PRIVACY_POLICY_URL}>{t('dashboard.privacyPolicy')}</a>
        </li>
        <li>
          <a href={TERMS_OF_USE_URL}>{t('dashboard.termsOfUse')}</a>
        </li>
      </ul>
    </section>
  );
}
