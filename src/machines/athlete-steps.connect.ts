/**
 * What the athlete views (src/views/athletes/*) render for a snapshot of athlete-steps.machine.ts: which screen,
 * its situation, its data and which of its buttons the machine takes now (`snapshot.can`). Both wizards render the
 * same views from their child `athleteSteps`, so this mapping is written once; the views only spread it.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Athlete } from '../api/schemas';
import type { NewAthleteFormValues } from '../domain/forms/create-athlete';
import { displayName } from '../domain/names';
import type {
  AthleteStep,
  AthleteStepsContext,
  athleteStepsMachine,
  EligibilityRefusal,
} from './athlete-steps.machine';

export type { EligibilityRefusal };
export type AthleteStepsActorRef = ActorRefFrom<typeof athleteStepsMachine>;
export type AthleteStepsSnapshot = SnapshotFrom<typeof athleteStepsMachine>;

/**
 * The screen shown besides the two steps: issue 32's date of birth, asked where a team's age rule needs it, and the
 * team's own questions (issue 32 point 4), asked where the team has them.
 */
export type AthleteStepsScreen = AthleteStep | 'birthDate' | 'questions';

/** The screen shown: the list stays up while a chosen or created athlete is checked; none once the steps ended. */
export function athleteStepsScreen(snapshot: AthleteStepsSnapshot): AthleteStepsScreen | null {
  if (
    snapshot.matches({ checkingEligibility: 'askingBirthDate' }) ||
    snapshot.matches({ checkingEligibility: 'savingBirthDate' })
  ) {
    return 'birthDate';
  }
  if (snapshot.matches({ askingQuestions: 'answering' })) return 'questions';
  if (
    snapshot.matches('athleteList') ||
    snapshot.matches('checkingEligibility') ||
    snapshot.matches('askingQuestions') ||
    snapshot.matches('checkingMembership')
  ) {
    return 'athleteList';
  }
  if (snapshot.matches('createAthlete')) return 'createAthlete';
  return null;
}

export type AthleteListStatus =
  | 'loading'
  | 'loadFailed'
  | 'choosing'
  | 'alreadyMember'
  | 'claimFailed'
  | 'notEligible'
  | 'checking';

/** An athlete as the list shows it: the name title-cased (§5). */
export interface AthleteRow {
  userId: number;
  name: string;
}

export interface AthleteListView {
  status: AthleteListStatus;
  /** The latest licence's season and team names (§2), null when absent. */
  season: string | null;
  team: string | null;
  /** Whether the athletes are shown: once loaded (not while loading, nor after the load failed). */
  showsAthletes: boolean;
  athletes: readonly AthleteRow[];
  chosenAthleteId: number | null;
  /** Whether the busy indicator is on: the list or the membership check is loading. */
  busy: boolean;
  /** The §8 text of `loadFailed` and `claimFailed` (a claim failure without a text of the server's: null, 'Error'). */
  error: string | null;
  /** Issue 32, `notEligible`: who was refused and the birth dates the team's age rule allows (`YYYY-MM-DD`). */
  refusal: EligibilityRefusal | null;
  canChoose: boolean;
  canNext: boolean;
  canAdd: boolean;
  canBack: boolean;
  canRetry: boolean;
}

function athleteListStatus(snapshot: AthleteStepsSnapshot): AthleteListStatus {
  if (snapshot.matches({ checkingEligibility: 'failed' })) return 'loadFailed';
  if (snapshot.matches({ askingQuestions: 'codeFailed' })) return 'loadFailed';
  if (
    snapshot.matches('checkingMembership') ||
    snapshot.matches('checkingEligibility') ||
    snapshot.matches('askingQuestions')
  ) {
    return 'checking';
  }
  if (snapshot.matches({ athleteList: { choosing: 'notEligible' } })) return 'notEligible';
  if (snapshot.matches({ athleteList: 'loadFailed' })) return 'loadFailed';
  if (snapshot.matches({ athleteList: { choosing: 'alreadyMember' } })) return 'alreadyMember';
  if (snapshot.matches({ athleteList: { choosing: 'claimFailed' } })) return 'claimFailed';
  if (snapshot.matches({ athleteList: 'choosing' })) return 'choosing';
  return 'loading';
}

/** The rows of each loaded list, kept per list so they keep their identity between snapshots (shallowEqual). */
const rowsOfList = new WeakMap<readonly Athlete[], readonly AthleteRow[]>();

function athleteRows(athletes: readonly Athlete[]): readonly AthleteRow[] {
  const known = rowsOfList.get(athletes);
  if (known) return known;
  const rows = athletes.map((athlete) => ({ userId: athlete.user_id, name: displayName(athlete.name) }));
  rowsOfList.set(athletes, rows);
  return rows;
}

/** The athlete list (spec §2 Login step 3, Register step 2), also while the membership check runs. */
export function athleteListView(snapshot: AthleteStepsSnapshot): AthleteListView {
  const { context } = snapshot;
  const status = athleteListStatus(snapshot);
  return {
    status,
    season: context.latestLicence?.season_name || null,
    team: context.latestLicence?.team_name || null,
    showsAthletes: status !== 'loading' && status !== 'loadFailed',
    athletes: athleteRows(context.athletes),
    chosenAthleteId: context.chosenAthlete?.user_id ?? null,
    busy: status === 'loading' || status === 'checking',
    error: context.error,
    refusal: status === 'notEligible' ? context.refusal : null,
    // Choosing takes no guard: any listed athlete may be picked while the list is shown.
    canChoose: snapshot.can({ type: 'CHOOSE_ATHLETE', userId: context.athletes[0]?.user_id ?? 0 }),
    canNext: snapshot.can({ type: 'NEXT' }),
    canAdd: snapshot.can({ type: 'ADD_ATHLETE' }),
    canBack: snapshot.can({ type: 'BACK' }),
    canRetry: snapshot.can({ type: 'RETRY' }),
  };
}

export type CreateAthleteStatus = 'idle' | 'failed' | 'creating';

export interface CreateAthleteView {
  status: CreateAthleteStatus;
  /** The §8 text of `failed`. */
  error: string | null;
  canBack: boolean;
}

function createAthleteStatus(snapshot: AthleteStepsSnapshot): CreateAthleteStatus {
  if (snapshot.matches({ createAthlete: 'creating' })) return 'creating';
  if (snapshot.matches({ createAthlete: { form: 'failed' } })) return 'failed';
  return 'idle';
}

/** The create-athlete form (spec §2 Create athlete form; Login step 4, Register step 3). */
export function createAthleteView(snapshot: AthleteStepsSnapshot): CreateAthleteView {
  return {
    status: createAthleteStatus(snapshot),
    error: snapshot.context.error,
    canBack: snapshot.can({ type: 'BACK' }),
  };
}

/** Whether the machine takes the create-athlete form as typed: its schema holds (§5) and no call runs. */
export function canCreateAthlete(snapshot: AthleteStepsSnapshot, values: NewAthleteFormValues): boolean {
  return snapshot.can({ type: 'CREATE_ATHLETE', values });
}

export type BirthDateStatus = 'idle' | 'failed' | 'saving';

/** Issue 32: the date of birth asked of the chosen athlete where the team's age rule needs it. */
export interface BirthDateView {
  status: BirthDateStatus;
  /** The chosen athlete's name (title-cased, §5) and the team's. */
  athlete: string;
  team: string;
  /** The server's text of `failed`. */
  error: string | null;
  canBack: boolean;
}

function teamNameOf(context: AthleteStepsContext): string {
  return context.eligibility?.team_name ?? context.latestLicence?.team_name ?? '';
}

export function birthDateView(snapshot: AthleteStepsSnapshot): BirthDateView {
  const { context } = snapshot;
  return {
    status: snapshot.matches({ checkingEligibility: 'savingBirthDate' })
      ? 'saving'
      : snapshot.matches({ checkingEligibility: { askingBirthDate: 'failed' } })
        ? 'failed'
        : 'idle',
    athlete: displayName(context.chosenAthlete?.name ?? ''),
    team: teamNameOf(context),
    error: context.error,
    canBack: snapshot.can({ type: 'BACK' }),
  };
}

/** Whether the machine takes the date as typed (a real `YYYY-MM-DD` date; the server refuses a future one). */
export function canGiveBirthDate(snapshot: AthleteStepsSnapshot, date: string): boolean {
  return snapshot.can({ type: 'BIRTH_DATE', date });
}

/** Issue 32 point 4: the questions step's own actor while the steps ask the team's questions, else undefined. */
export function questionsActorOf(snapshot: AthleteStepsSnapshot) {
  return snapshot.matches({ askingQuestions: 'answering' }) ? snapshot.children.questions : undefined;
}
