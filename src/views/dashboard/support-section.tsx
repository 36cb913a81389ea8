import {
  PRIVACY_POLICY_LABEL,
  PRIVACY_POLICY_URL,
  REFUND_STATEMENT,
  SUPPORT_EMAIL,
  SUPPORT_HEADING,
  SUPPORT_INTRO,
  SUPPORT_RESPONSE_TIME,
  TERMS_OF_USE_LABEL,
  TERMS_OF_USE_URL,
} from './dashboard-texts';

/** §2 Dashboard: support e-mail, response time, the 7-day refund statement, privacy and terms links (§9). */
export function SupportSection() {
  return (
    <section className="card" aria-labelledby="support-heading">
      <h2 id="support-heading">{SUPPORT_HEADING}</h2>
      <p>
        {SUPPORT_INTRO} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. {SUPPORT_RESPONSE_TIME}
      </p>
      <p>{REFUND_STATEMENT}</p>
      <ul className="legal-links">
        <li>
          <a href={PRIVACY_POLICY_URL}>{PRIVACY_POLICY_LABEL}</a>
        </li>
        <li>
          <a href={TERMS_OF_USE_URL}>{TERMS_OF_USE_LABEL}</a>
        </li>
      </ul>
    </section>
  );
}
