import { useT } from '../../i18n/use-t';

/** 'Add another athlete' (issue 20 point 1): on the payment options of one athlete and of the family checkout. */
export function AddAthleteButton({ onAdd }: { onAdd: () => void }) {
  const t = useT();
  return (
    <p className="payment-add-athlete">
      <button type="button" className="button button--secondary" onClick={onAdd}>
        {t('payment.addAnotherAthlete')}
      </button>
    </p>
  );
}
