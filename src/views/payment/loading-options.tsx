import { StepHeading } from '../common/step-heading';

/** The status of step 1 while the payment options load, under its heading. */
export function LoadingOptionsStatus() {
  return (
    <p role="status" className="payment-status">
      Loading your payment options…
    </p>
  );
}

/** Step 1 while the payment options load (the payment page's first load, the family checkout's first quote). */
export function LoadingOptions() {
  return (
    <>
      <StepHeading>Payment Options</StepHeading>
      <LoadingOptionsStatus />
    </>
  );
}
