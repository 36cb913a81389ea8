import { Link } from '@tanstack/react-router';
import { SIBLING_DISCOUNT_TEXT } from '../../domain/household';
import type { MembershipSummary } from '../../machines/payments.connect';
import { Alert } from '../common/alert';
import {
  CARD_UPDATE_NOTICE,
  MEMBERSHIP_STATUS_TERM,
  type MembershipView,
  membershipView,
  REFUNDED_TEXT,
  SCHEDULE_CAPTION,
  UPDATE_CARD_LABEL,
} from './payment-texts';

function Facts({ view }: { view: MembershipView }) {
  const facts: [string, string | null][] = [
    ['Season', view.season],
    ['Athlete', view.athlete],
    ['Plan', view.plan],
    [MEMBERSHIP_STATUS_TERM, view.status],
    ['Total', view.total],
    [SIBLING_DISCOUNT_TEXT, view.siblingDiscount],
    ['Paid so far', view.paid],
    ['Remaining', view.remaining],
    [REFUNDED_TEXT, view.refunded],
    ['Next payment', view.nextPayment],
    ['Card', view.card],
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
export function MembershipCard({ membership }: { membership: MembershipSummary }) {
  const view = membershipView(membership);
  const headingId = `membership-${view.id}`;
  return (
    <article className="card membership" aria-labelledby={headingId}>
      <h2 id={headingId}>{view.title}</h2>
      {view.needsCardUpdate && (
        <Alert>
          <p>{CARD_UPDATE_NOTICE}</p>
          <Link
            to="/payments/update-card"
            search={{ membership_id: view.id }}
            className="button"
            aria-label={`${UPDATE_CARD_LABEL} for ${view.title}`}
          >
            {UPDATE_CARD_LABEL}
          </Link>
        </Alert>
      )}
      <Facts view={view} />
      <div className="membership__schedule">
        <table>
          <caption>{SCHEDULE_CAPTION}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
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
