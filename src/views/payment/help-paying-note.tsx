/**
 * Issue 34 on step 1 of the payment page: 'Need help paying?' where the organization offers financial assistance and
 * the athlete has not asked this season, and what became of a request: waiting, approved (its line is in the fee
 * summary), or declined with the club's message. Rendered from payment.connect.ts `paymentOptionsView`.
 */
import { formatUsd } from '../../domain/money';
import { useT } from '../../i18n/use-t';
import type { AssistanceNote } from '../../machines/payment.connect';
import { Alert } from '../common/alert';

export function HelpPayingNote({ note }: { note: AssistanceNote }) {
  const t = useT();
  switch (note.status) {
    case 'pending':
      return <Alert tone="info">{t('helpPaying.pending', { organization: note.organization })}</Alert>;
    case 'approved':
      return (
        <Alert tone="info">
          {t('helpPaying.approved', { organization: note.organization, amount: formatUsd(note.amountCents) })}
        </Alert>
      );
    case 'declined':
      return (
        <Alert tone="info">
          {t('helpPaying.declined', { organization: note.organization })}
          {note.message !== null && <> {t('helpPaying.declinedMessage', { message: note.message })}</>}
        </Alert>
      );
  }
}

/** 'Need help paying?': opens 'Request financial assistance'. */
export function NeedHelpButton({ onAsk }: { onAsk: () => void }) {
  const t = useT();
  return (
    <p className="payment-help">
      <button type="button" className="button button--secondary" onClick={onAsk}>
        {t('helpPaying.needHelp')}
      </button>
    </p>
  );
}
