import type { Athlete, LatestLicense } from '../../api/schemas';
import type { AthleteStepEvent } from '../../machines/athlete-membership.machine';
import type { AthleteListStatus, AthleteListStepProps } from './athlete-list-step';
import type { CreateAthleteStatus, CreateAthleteStepProps } from './create-athlete-step';

/** The state values both wizards give their athlete steps (login.machine.ts and register.machine.ts). */
type AthleteStepsStateValue =
  | 'checkingMembership'
  | { athleteList: 'loadFailed' | 'choosing' }
  | { athleteList: { choosing: 'alreadyMember' | 'claimFailed' } }
  | { createAthlete: 'creating' }
  | { createAthlete: { form: 'failed' } };

/**
 * What the athlete views need from a wizard's snapshot. Both machines' snapshots fit (method parameters are
 * compared bivariantly), so the mapping from states to screens is written once.
 */
export interface AthleteStepsSnapshot {
  context: {
    latestLicence: LatestLicense | null;
    athletes: readonly Athlete[];
    chosenAthlete: Athlete | null;
    error: string | null;
  };
  matches(stateValue: AthleteStepsStateValue): boolean;
  can(event: AthleteStepEvent): boolean;
}

type Send = (event: AthleteStepEvent) => void;

function athleteListStatus(snapshot: AthleteStepsSnapshot): AthleteListStatus {
  if (snapshot.matches('checkingMembership')) return 'checking';
  if (snapshot.matches({ athleteList: 'loadFailed' })) return 'loadFailed';
  if (snapshot.matches({ athleteList: { choosing: 'alreadyMember' } })) return 'alreadyMember';
  if (snapshot.matches({ athleteList: { choosing: 'claimFailed' } })) return 'claimFailed';
  if (snapshot.matches({ athleteList: 'choosing' })) return 'choosing';
  return 'loading';
}

/** Props of AthleteListStep for a wizard in `athleteList` or `checkingMembership`. */
export function athleteListProps(snapshot: AthleteStepsSnapshot, send: Send): AthleteListStepProps {
  const { context } = snapshot;
  return {
    status: athleteListStatus(snapshot),
    latestLicence: context.latestLicence,
    athletes: context.athletes,
    chosenAthleteId: context.chosenAthlete?.user_id ?? null,
    error: context.error,
    can: {
      // Choosing takes no guard: any listed athlete may be picked while the list is shown.
      choose: snapshot.can({ type: 'CHOOSE_ATHLETE', userId: context.athletes[0]?.user_id ?? 0 }),
      next: snapshot.can({ type: 'NEXT' }),
      add: snapshot.can({ type: 'ADD_ATHLETE' }),
      back: snapshot.can({ type: 'BACK' }),
      retry: snapshot.can({ type: 'RETRY' }),
    },
    send,
  };
}

function createAthleteStatus(snapshot: AthleteStepsSnapshot): CreateAthleteStatus {
  if (snapshot.matches({ createAthlete: 'creating' })) return 'creating';
  if (snapshot.matches({ createAthlete: { form: 'failed' } })) return 'failed';
  return 'idle';
}

const ANY_ATHLETE = { name: '', username: '', password: '', password_confirmation: '', relationship: '' };

/** Props of CreateAthleteStep for a wizard in `createAthlete`. */
export function createAthleteProps(snapshot: AthleteStepsSnapshot, send: Send): CreateAthleteStepProps {
  return {
    status: createAthleteStatus(snapshot),
    error: snapshot.context.error,
    // The payload does not change whether the machine takes the event; the form's own §5 check does.
    can: {
      create: snapshot.can({ type: 'CREATE_ATHLETE', athlete: ANY_ATHLETE }),
      back: snapshot.can({ type: 'BACK' }),
    },
    send,
  };
}
