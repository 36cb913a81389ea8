/** 'Add another athlete' (issue 20 point 1): on the payment options of one athlete and of the family checkout. */
export function AddAthleteButton({ onAdd }: { onAdd: () => void }) {
  return (
    <p className="payment-add-athlete">
      <button type="button" className="button button--secondary" onClick={onAdd}>
        Add another athlete
      </button>
    </p>
  );
}
