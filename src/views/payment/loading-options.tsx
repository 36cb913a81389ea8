import { useT } from '../../i18n/use-t';
import { StepHeading } from '../common/step-heading';

/** The status of step 1 while the payment options load, under its heading. */
export function LoadingOptionsStatus() {
  const t = useT();
  return (
    <p role="status" className="payment-status">
      {t('payment.loadingOptions')}
    </p>
  );
}

/** Step 1 while the payment options load (the payment page's first load, the family checkout's first quote). */
export function LoadingOptions() {
  const t = useT();
  return (
    <>
      <StepHeading>{t('payment.paymentOptions')}</StepHeading>
      <LoadingOptionsStatus />
    </>
  );
}
