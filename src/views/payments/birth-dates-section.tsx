import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { type BirthDateRow, type BirthDatesActorRef, birthDatesScreenOf } from '../../machines/birth-dates.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { RetryAlert } from '../common/retry-alert';

function BirthDateEditor({ row, busy, actorRef }: { row: BirthDateRow; busy: boolean; actorRef: BirthDatesActorRef }) {
  const t = useT();
  const [value, setValue] = useState(row.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'SAVE', birthDate: value });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={t('birthDates.label', { athlete: row.name })}
        type="date"
        value={value}
        autoFocus
        error={row.error ?? undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('birthDates.saving') : t('birthDates.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'CANCEL' })}>
          {t('birthDates.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * /payments' "Dates of birth" (issue 32): each athlete whose date is known, 'Change' until a proof of age is
 * approved, then 'Locked'. Nothing shows while no date of birth is known.
 */
export function BirthDatesSection({ actorRef }: { actorRef: BirthDatesActorRef }) {
  const t = useT();
  // The texts and dates are made while rendering (the language in use), from the snapshot.
  const screen = birthDatesScreenOf(useSelector(actorRef, (snapshot) => snapshot));
  if (screen.loading) return <p role="status">{t('birthDates.loading')}</p>;
  if (screen.failed) {
    return <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>;
  }
  if (screen.rows.length === 0) return null;
  return (
    <section className="card birth-dates" aria-labelledby="birth-dates-heading">
      <h2 id="birth-dates-heading">{t('birthDates.heading')}</h2>
      <p>{t('birthDates.intro')}</p>
      {screen.lockedText !== null && <Alert>{screen.lockedText}</Alert>}
      <ul className="birth-dates__list">
        {screen.rows.map((row) => (
          <li key={row.id}>
            <strong>{row.name}</strong>: {row.date}{' '}
            {row.locked ? (
              <span className="badge badge--ok">{t('birthDates.locked')}</span>
            ) : row.editing ? (
              <BirthDateEditor row={row} busy={screen.busy} actorRef={actorRef} />
            ) : (
              <button
                type="button"
                className="button button--link"
                aria-label={t('birthDates.changeFor', { athlete: row.name })}
                disabled={screen.busy}
                onClick={() => actorRef.send({ type: 'EDIT', athleteId: row.id })}
              >
                {t('birthDates.change')}
              </button>
            )}
            {row.saved && (
              <p role="status" className="birth-dates__saved">
                {t('birthDates.saved')}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
