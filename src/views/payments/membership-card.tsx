import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n/use-t';
import type { MembershipSummary } from '../../machines/payments.connect';
import { Alert } from '../common/alert';
import { type MembershipView, membershipView } from './payment-texts';

function Facts({ view }: { view: MembershipView }) {
  const t = useT();
  const facts: [string, string | null][] = [
    [t('payments.season'), view.season],
    [t('payments.athlete'), view.athlete],
    [t('payments.plan'), view.plan],
    [t('payments.status'), view.status],
    [t('payments.total'), view.total],
    [t('helpPaying.financialAssistance'), view.assistance],
    [t('payments.siblingDiscount'), view.siblingDiscount],
    [t('helpPaying.awaitingPayment'), view.awaitingInstructions],
    [t('payments.paidSoFar'), view.paid],
    [t('payments.remaining'), view.remaining],
    [t('payments.refunded'), view.refunded],
    [t('payments.nextPayment'), view.nextPayment],
    [t('payments.card'), view.card],
  ];
  return (
    <dl className="membership__facts">
      {facts
        .filter((fact): fact is [string, string] => fact[1] !== null)
        .map(([term, value]) => (
          <div key={term} className="membership__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** One membership on /payments: what was paid, what is next, the schedule, and the card notice when one failed. */
export function MembershipCard({
  membership,
  answersSaved = false,
  onChangeAnswers,
}: {
  membership: MembershipSummary;
  /** Issue 32 point 4: 'Answers saved.' after 'Change answers' saved this membership's. */
  answersSaved?: boolean;
  onChangeAnswers?: () => void;
}) {
  const t = useT();
  const view = membershipView(membership);
  const headingId = `membership-${view.id}`;
  return (
    <article className="card membership" aria-labelledby={headingId}>
      <h2 id={headingId}>{view.title}</h2>
      {view.needsCardUpdate && (
        <Alert>
          <p>{t('payments.cardUpdateNotice')}</p>
          <Link
            to="/payments/update-card"
            search={{ membership_id: view.id }}
            className="button"
            aria-label={t('payments.updateCardFor', { team: view.title })}
          >
            {t('payments.updateCard')}
          </Link>
        </Alert>
      )}
      <Facts view={view} />
      {membership.has_questions === true && onChangeAnswers && (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('questions.changeAnswersFor', { athlete: view.athlete ?? view.title })}
            onClick={onChangeAnswers}
          >
            {t('questions.changeAnswers')}
          </button>
        </div>
      )}
      {answersSaved && <Alert tone="success">{t('questions.saved')}</Alert>}
      <div className="membership__schedule">
        <table>
          <caption>{t('payments.scheduleCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payments.date')}</th>
              <th scope="col">{t('payments.amount')}</th>
              <th scope="col">{t('payments.status')}</th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.id} className={row.failed ? 'membership__row--failed' : undefined}>
                <td>{row.date}</td>
                <td>{row.amount}</td>
                <td>
                  {row.status}
                  {row.refunded !== null && <span className="membership__refunded">{row.refunded}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
