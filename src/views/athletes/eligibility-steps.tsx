import './athletes.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { formatDisplayDate } from '../../domain/dates';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type AthleteStepsActorRef,
  birthDateView,
  canGiveBirthDate,
  type EligibilityRefusal,
} from '../../machines/athlete-steps.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';

/**
 * Issue 32: the chosen athlete's date of birth, asked once where the team's age rule needs it (kept on the athlete).
 * The machine takes a real `YYYY-MM-DD` date (`canGiveBirthDate`); the server refuses one in the future.
 */
export function BirthDateStep({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  const t = useT();
  const { status, athlete, team, error, canBack } = useSelector(actorRef, birthDateView, shallowEqual);
  const [date, setDate] = useState('');
  const [tried, setTried] = useState(false);
  const canGive = useSelector(actorRef, (snapshot) => canGiveBirthDate(snapshot, date));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (canGive) actorRef.send({ type: 'BIRTH_DATE', date });
  };
  const fieldError = tried && !canGive && status !== 'saving' ? t('eligibility.birthDateInvalid') : undefined;
  return (
    <form className="card athlete-birth-date" onSubmit={submit} noValidate aria-busy={status === 'saving'}>
      <StepHeading>{t('eligibility.birthDateHeading')}</StepHeading>
      <p>{t('eligibility.birthDateIntro', { athlete, team })}</p>
      {status === 'failed' && <Alert>{error}</Alert>}
      <TextField
        label={t('eligibility.birthDateLabel')}
        type="date"
        name="birth_date"
        min="1900-01-01"
        aria-required
        value={date}
        error={fieldError}
        onChange={(event) => setDate(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={status === 'saving'}>
          {t('eligibility.continue')}
        </button>
        <BackButton enabled={canBack} onBack={() => actorRef.send({ type: 'BACK' })} />
      </div>
    </form>
  );
}

/** '{athlete} is not eligible for {team}: players must be born between {from} and {to}.' (dates in the language). */
export function RefusalAlert({ refusal }: { refusal: EligibilityRefusal }) {
  const t = useT();
  const locale = intlLocale();
  return (
    <Alert>
      {t('eligibility.notEligible', {
        athlete: refusal.athlete,
        team: refusal.team,
        from: formatDisplayDate(refusal.bornFrom, 'long', locale),
        to: formatDisplayDate(refusal.bornTo, 'long', locale),
      })}
    </Alert>
  );
}
