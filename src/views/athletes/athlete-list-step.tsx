import './athletes.css';
import type { FormEvent } from 'react';
import type { Athlete, LatestLicense } from '../../api/schemas';
import { displayName } from '../../domain/names';
import type { AthleteStepEvent } from '../../machines/athlete-membership.machine';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';

/** §4/§8: shown when the chosen athlete already has an active season membership. */
export const ALREADY_MEMBER_TEXT = 'Sorry, this athlete already has a membership for the season.';

/** Which situation of the athlete step the wizard is in (its machine state, read by the wizard's flow view). */
export type AthleteListStatus = 'loading' | 'loadFailed' | 'choosing' | 'alreadyMember' | 'claimFailed' | 'checking';

export interface AthleteListStepProps {
  status: AthleteListStatus;
  latestLicence: LatestLicense | null;
  athletes: readonly Athlete[];
  chosenAthleteId: number | null;
  /** The §8 text of `loadFailed` and `claimFailed`. */
  error: string | null;
  /** What the machine accepts now (`snapshot.can`), so its guards decide which buttons work. */
  can: { choose: boolean; next: boolean; add: boolean; back: boolean; retry: boolean };
  send: (event: AthleteStepEvent) => void;
}

/**
 * Spec §2 Login step 3 / Register step 2: season and team names, the guardian's athletes (names title-cased, §5),
 * 'Add New Athlete', 'Next' and 'Back'. Shared by both wizards, so it takes plain props and a `send`.
 */
export function AthleteListStep({
  status,
  latestLicence,
  athletes,
  chosenAthleteId,
  error,
  can,
  send,
}: AthleteListStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (can.next) send({ type: 'NEXT' });
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
            <button type="button" className="link-button" onClick={() => send({ type: 'RETRY' })} disabled={!can.retry}>
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
                  disabled={!can.choose}
                  onChange={() => send({ type: 'CHOOSE_ATHLETE', userId: athlete.user_id })}
                />
                <span>{displayName(athlete.name)}</span>
              </label>
            ))
          )}
        </fieldset>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={!can.next}>
          Next
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!can.add}
          onClick={() => send({ type: 'ADD_ATHLETE' })}
        >
          Add New Athlete
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!can.back}
          onClick={() => send({ type: 'BACK' })}
        >
          Back
        </button>
      </div>
    </form>
  );
}
