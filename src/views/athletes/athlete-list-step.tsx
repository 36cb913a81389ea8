import './athletes.css';
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { displayName } from '../../domain/names';
import { type AthleteStepsActorRef, athleteListView } from '../../machines/athlete-steps.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { StepHeading } from '../common/step-heading';

/** §4/§8: shown when the chosen athlete already has an active season membership. */
export const ALREADY_MEMBER_TEXT = 'Sorry, this athlete already has a membership for the season.';

/**
 * Spec §2 Login step 3 / Register step 2: season and team names, the guardian's athletes (names title-cased, §5),
 * 'Add New Athlete', 'Next' and 'Back'. Renders athlete-steps.connect.ts's view of the athlete steps' snapshot; the
 * machine's `snapshot.can` decides which buttons work.
 */
export function AthleteListStep({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  const { status, latestLicence, athletes, chosenAthleteId, error, ...can } = useSelector(
    actorRef,
    athleteListView,
    shallowEqual,
  );
  const send = actorRef.send;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (can.canNext) send({ type: 'NEXT' });
  };
  const loaded = status !== 'loading' && status !== 'loadFailed';
  return (
    <form className="card athlete-list" onSubmit={submit} aria-busy={status === 'loading' || status === 'checking'}>
      <StepHeading>Choose an Athlete</StepHeading>
      {latestLicence && (latestLicence.season_name || latestLicence.team_name) && (
        <dl className="athlete-list__licence">
          {latestLicence.season_name && (
            <div>
              <dt>Season</dt>
              <dd>{latestLicence.season_name}</dd>
            </div>
          )}
          {latestLicence.team_name && (
            <div>
              <dt>Team</dt>
              <dd>{latestLicence.team_name}</dd>
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
              Try again
            </button>
          </span>
        </Alert>
      )}
      {status === 'alreadyMember' && <Alert>{ALREADY_MEMBER_TEXT}</Alert>}
      {status === 'claimFailed' && <Alert>{error}</Alert>}
      {loaded && (
        <fieldset className="athlete-list__athletes">
          <legend>Athletes</legend>
          {athletes.length === 0 ? (
            <p className="athlete-list__empty">No athletes yet. Add one to continue.</p>
          ) : (
            athletes.map((athlete) => (
              <label key={athlete.user_id} className="athlete-list__option">
                <input
                  type="radio"
                  name="athlete"
                  value={athlete.user_id}
                  checked={athlete.user_id === chosenAthleteId}
                  disabled={!can.canChoose}
                  onChange={() => send({ type: 'CHOOSE_ATHLETE', userId: athlete.user_id })}
                />
                <span>{displayName(athlete.name)}</span>
              </label>
            ))
          )}
        </fieldset>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={!can.canNext}>
          Next
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!can.canAdd}
          onClick={() => send({ type: 'ADD_ATHLETE' })}
        >
          Add New Athlete
        </button>
        <BackButton enabled={can.canBack} onBack={() => send({ type: 'BACK' })} />
      </div>
    </form>
  );
}
