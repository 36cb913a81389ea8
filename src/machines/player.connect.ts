/**
 * The views' window on player.machine.ts (the player profile pages, spec §2 Player): the actor and snapshot types they
 * render from, and what a snapshot shows (which screen, the option lists, the §8 failure, whether a call runs, which
 * buttons the machine takes now). Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Option, Position } from '../api/schemas';
import { birthDaysFor } from '../domain/date-lists';
import type { FieldTexts, PageOneField, PageTwoField } from '../domain/forms/player-pages';
import { type PlayerProfileForm, positionsForSport } from '../domain/player-profile';
import { type Message, text } from '../i18n/runtime';
import type { PlayerFormValues, playerMachine } from './player.machine';

export type { Option } from '../api/schemas';
export { EMPTY_PLAYER_FORM, type PlayerOptionLists } from './player.machine';

export type PlayerActorRef = ActorRefFrom<typeof playerMachine>;
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** A failure the flow shows: the page's own text as a catalogue message, or the server's (§8) text as it came. */
export type PlayerError = Message | string;

const VALIDATION_ERROR: Message = { key: 'player.validationError' };

/** The text of a failure in the language in use: call it while rendering. */
export function shownError(error: PlayerError): string {
  return typeof error === 'string' ? error : text(error);
}

/**
 * The flow's screen: loading the options, a failure with 'Try again' (options or the user refresh), page 1, page 2
 * (also while it is submitted and the user refreshed), logging out; null once the flow is done (the route navigates).
 */
export type PlayerScreen = 'loading' | 'retry' | 'pageOne' | 'pageTwo' | 'loggingOut';

export interface PlayerView {
  screen: PlayerScreen | null;
  /** The §8 text of the retry screen, else null. */
  error: string | null;
  canRetry: boolean;
  /** §2: 'A logout action exists' on every screen of the flow. */
  canLogOut: boolean;
}

function playerScreenOf(snapshot: PlayerSnapshot): PlayerScreen | null {
  if (snapshot.status === 'done') return null;
  if (snapshot.matches('pageOne')) return 'pageOne';
  if (snapshot.matches('pageTwo') || snapshot.matches('submitting') || snapshot.matches('refreshingUser')) {
    return 'pageTwo';
  }
  if (snapshot.matches('loadFailed') || snapshot.matches('refreshFailed')) return 'retry';
  if (snapshot.matches('loggingOut')) return 'loggingOut';
  return 'loading';
}

export function playerView(snapshot: PlayerSnapshot): PlayerView {
  const screen = playerScreenOf(snapshot);
  return {
    screen,
    error: screen === 'retry' ? snapshot.context.error : null,
    canRetry: snapshot.can({ type: 'RETRY' }),
    canLogOut: snapshot.can({ type: 'LOGOUT' }),
  };
}

/** Page 1's option lists (§2/§5; sports sorted by name). Each keeps its identity between snapshots. */
export interface PageOneView {
  sports: readonly Option[];
  positions: readonly Position[];
  seasonStatuses: readonly Option[];
}

export function pageOneView(snapshot: PlayerSnapshot): PageOneView {
  const { sports, positions, seasonStatuses } = snapshot.context;
  return { sports, positions, seasonStatuses };
}

/** The choices page 1 offers for what is typed: the days of the chosen month and year, the chosen sport's positions. */
export function pageOneChoices(
  positions: readonly Position[],
  values: Pick<PlayerFormValues, 'birthMonth' | 'birthYear' | 'sport'>,
): { days: readonly number[]; positions: Position[] } {
  return {
    days: birthDaysFor(values.birthMonth ?? null, values.birthYear ?? null),
    positions: positionsForSport(positions, values.sport ?? null),
  };
}

/** Page 2's option lists, the §8 failure of its submission and whether it runs. */
export interface PageTwoView {
  experienceLevels: readonly Option[];
  weightGoals: readonly Option[];
  /** §8: the endpoint's `errors` object as a list, when the submission was rejected with one; else null. */
  errorList: readonly string[] | null;
  /** §8: 'Validation error.' (an answer without an id) or the general text; else null. */
  error: PlayerError | null;
  busy: boolean;
}

export function pageTwoView(snapshot: PlayerSnapshot): PageTwoView {
  const { context } = snapshot;
  // The machine keeps its own 'Validation error.' as its state; the catalogue gives its text (issue 31).
  const error = snapshot.matches({ pageTwo: 'validationError' })
    ? VALIDATION_ERROR
    : snapshot.matches({ pageTwo: 'failed' })
      ? context.error
      : null;
  return {
    experienceLevels: context.experienceLevels,
    weightGoals: context.weightGoals,
    errorList: snapshot.matches({ pageTwo: 'rejected' }) ? context.errorList : null,
    error,
    busy: snapshot.hasTag('busy'),
  };
}

/** The text an input shows for a stored value: '' for "not chosen". */
function textOf(value: number | string | null): string {
  return value === null ? '' : String(value);
}

/** Page 1's input texts for a form (its stored values). */
export function pageOneTexts(form: PlayerProfileForm): FieldTexts<PageOneField> {
  return {
    birthMonth: textOf(form.birthMonth),
    birthDay: textOf(form.birthDay),
    birthYear: textOf(form.birthYear),
    heightFeet: textOf(form.heightFeet),
    heightInches: textOf(form.heightInches),
    weight: textOf(form.weight),
    gender: textOf(form.gender),
    sport: textOf(form.sport),
    position: textOf(form.position),
    seasonStatus: textOf(form.seasonStatus),
  };
}

/** Page 2's input texts for a form. */
export function pageTwoTexts(form: PlayerProfileForm): FieldTexts<PageTwoField> {
  return {
    experienceLifting: textOf(form.experienceLifting),
    experienceAgility: textOf(form.experienceAgility),
    experienceUpperPlyo: textOf(form.experienceUpperPlyo),
    experienceLowerPlyo: textOf(form.experienceLowerPlyo),
    weightGoal: textOf(form.weightGoal),
  };
}

/**
 * What a page's inputs start with when it opens (read once): the values the machine holds, so Back brings page 1
 * back as it was entered, and a failed submission keeps page 2's.
 */
export function pageOneStart(snapshot: PlayerSnapshot): FieldTexts<PageOneField> {
  return pageOneTexts(snapshot.context.form);
}

export function pageTwoStart(snapshot: PlayerSnapshot): FieldTexts<PageTwoField> {
  return pageTwoTexts(snapshot.context.form);
}

/** Whether the machine takes 'Next' (page 1 on, or page 2's submission) with these values now. */
export function canGoOn(snapshot: PlayerSnapshot, values: PlayerFormValues): boolean {
  return snapshot.can({ type: 'NEXT', values });
}

/** Whether the machine takes page 2's 'Back' with these values now (not while the submission runs). */
export function canGoBack(snapshot: PlayerSnapshot, values: PlayerFormValues): boolean {
  return snapshot.can({ type: 'BACK', values });
}
