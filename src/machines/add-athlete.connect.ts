/**
 * What the add flow's view (src/views/payment/household-add-athlete.tsx) renders for a snapshot
 * of add-athlete.machine.ts: its athlete steps child (rendered by the athlete steps' own views) and the choice of
 * team beside their athlete list (issue 20 point 1).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { addAthleteMachine } from './add-athlete.machine';
import type { AthleteStepsActorRef, AthleteStepsSnapshot } from './athlete-steps.connect';
import type { ShownText } from './payment-texts';

export type AddAthleteActorRef = ActorRefFrom<typeof addAthleteMachine>;
export type AddAthleteSnapshot = SnapshotFrom<typeof addAthleteMachine>;

/** The athlete steps running now (none once they ended). */
export function addAthleteStepsOf(snapshot: AddAthleteSnapshot): AthleteStepsActorRef | undefined {
  return snapshot.matches('steps') ? snapshot.children.athleteSteps : undefined;
}

/** Whether the other team's code is being entered (the athlete steps stopped meanwhile). */
export function teamFieldOpen(snapshot: AddAthleteSnapshot): boolean {
  return snapshot.matches('enteringCode');
}

export type TeamChoiceStatus = 'closed' | 'entering' | 'checking' | 'refused';

export interface TeamChoiceView {
  status: TeamChoiceStatus;
  /** Said beside the team in use: "this registration's team" or "another team's license". */
  note: 'payment.pageTeamNote' | 'payment.otherTeamNote';
  /** The payment page's team, named on the way back to it (known once another team was chosen). */
  pageTeam: string | null;
  /** Why the code was refused (`refused`), tied to the field and announced: a catalogue message or the server's text. */
  error: ShownText | null;
  canOpen: boolean;
  canUsePageTeam: boolean;
  canCancel: boolean;
}

function teamChoiceStatus(snapshot: AddAthleteSnapshot): TeamChoiceStatus {
  if (snapshot.matches({ enteringCode: 'checking' })) return 'checking';
  if (snapshot.matches({ enteringCode: 'refused' })) return 'refused';
  if (snapshot.matches('enteringCode')) return 'entering';
  return 'closed';
}

/** The choice of team (issue 20 point 1). */
export function teamChoiceView(snapshot: AddAthleteSnapshot): TeamChoiceView {
  const { context } = snapshot;
  const status = teamChoiceStatus(snapshot);
  return {
    status,
    note: context.license === context.pageLicence ? 'payment.pageTeamNote' : 'payment.otherTeamNote',
    pageTeam: context.pageTeam,
    error: status === 'refused' ? context.teamError : null,
    canOpen: snapshot.can({ type: 'OTHER_TEAM' }),
    canUsePageTeam: snapshot.can({ type: 'PAGE_TEAM' }),
    canCancel: snapshot.can({ type: 'CANCEL_TEAM' }),
  };
}

/** Whether the machine takes this code now (a code is typed and no check runs). */
export function canCheckTeamCode(snapshot: AddAthleteSnapshot, code: string): boolean {
  return snapshot.can({ type: 'TEAM_CODE', code });
}

/** The team the athlete steps recorded (their list's team), null until recorded. */
export function teamInUseOf(snapshot: AthleteStepsSnapshot): string | null {
  return snapshot.context.latestLicence?.team_name || null;
}
