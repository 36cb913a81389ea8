import './athletes.css';
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useT } from '../../i18n/use-t';
import { type AthleteStepsActorRef, athleteListView } from '../../machines/athlete-steps.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { StepHeading } from '../common/step-heading';
import { LazyRefusalAlert } from './eligibility-lazy';

/**
 * Spec §2 Login step 3 / Register step 2: season and team names, the guardian's athletes (names title-cased, §5),
 * 'Add New Athlete', 'Next' and 'Back'. Renders athlete-steps.connect.ts's view of the athlete steps' snapshot; the
 * machine's `snapshot.can` decides which buttons work.
 */
export function AthleteListStep({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  const t = useT();
  const { status, season, team, showsAthletes, athletes, chosenAthleteId, busy, error, refusal, ...can } = useSelector(
    actorRef,
    athleteListView,
    shallowEqual,
  );
  const send = actorRef.send;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (can.canNext) send({ type: 'NEXT' });
  };
  return (
    <form className="card athlete-list" onSubmit={submit} aria-busy={busy}>
      <StepHeading>{t('athletes.chooseHeading')}</StepHeading>
      {(season !== null || team !== null) && (
        <dl className="athlete-list__licence">
          {season !== null && (
            <div>
              <dt>{t('athletes.season')}</dt>
              <dd>{season}</dd>
            </div>
          )}
          {team !== null && (
            <div>
              <dt>{t('athletes.team')}</dt>
              <dd>{team}</dd>
            </div>
          )}
        </dl>
      )}
      {status === 'loadFailed' && (
        <Alert>
          {error}
          <span className="athlete-list__retry">
            <button
              type="button"
              className="link-button"
              onClick={() => send({ type: 'RETRY' })}
              disabled={!can.canRetry}
            >
              {t('athletes.tryAgain')}
            </button>
          </span>
        </Alert>
      )}
      {status === 'alreadyMember' && <Alert>{t('athletes.alreadyMember')}</Alert>}
      {status === 'claimFailed' && <Alert>{error ?? t('athletes.error')}</Alert>}
      {refusal !== null && <LazyRefusalAlert refusal={refusal} />}
      {showsAthletes && (
        <fieldset className="athlete-list__athletes">
          <legend>{t('athletes.athletesLegend')}</legend>
          {athletes.length === 0 ? (
            <p className="athlete-list__empty">{t('athletes.empty')}</p>
          ) : (
            athletes.map((athlete) => (
              <label key={athlete.userId} className="athlete-list__option">
                <input
                  type="radio"
                  name="athlete"
                  value={athlete.userId}
                  checked={athlete.userId === chosenAthleteId}
                  disabled={!can.canChoose}
                  onChange={() => send({ type: 'CHOOSE_ATHLETE', userId: athlete.userId })}
                />
                <span>{athlete.name}</span>
              </label>
            ))
          )}
        </fieldset>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={!can.canNext}>
          {t('athletes.next')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!can.canAdd}
          onClick={() => send({ type: 'ADD_ATHLETE' })}
        >
          {t('athletes.addNew')}
        </button>
        <BackButton enabled={can.canBack} onBack={() => send({ type: 'BACK' })} />
      </div>
    </form>
  );
}
