/**
 * Player profile (spec §2 Player profile, §5 Player pages, §7 POST /api/player, §8 Player submit): the entry
 * redirects, the option loading, the two pages and the submission that refreshes the user.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getUser } from '../api/auth';
import { errorList, errorText } from '../api/errors';
import { createPlayer, getPlayerOptions, getPositions } from '../api/player';
import type { Option, PlayerCreated, PlayerOptions, PlayerPayload, Position, User } from '../api/schemas';
import {
  isPlayerPageValid,
  type PlayerProfileForm,
  positionsForSport,
  sortByName,
  toPlayerApiPayload,
  toPlayerProfilePayload,
} from '../domain/player-profile';
import { updateCurrentUser } from '../session/current-user';
import { logout } from '../session/logout';
import { settleUnlessAborted } from './settle-unless-aborted';

/** §8: the text shown when POST /api/player answers without an id. */
export const PLAYER_VALIDATION_ERROR = 'Validation error.';

/** What the entry redirect reads of the stored user (§2: a player profile, the coach flag). */
export interface PlayerFlowUser {
  readonly is_coach: boolean;
  readonly player: { readonly id: number } | null;
}

export interface PlayerFlowInput {
  /** The stored user; the route's guard makes it present, null only if it vanished (another tab logged out). */
  user: PlayerFlowUser | null;
}

/** Where the flow hands over; the route navigates there. */
export interface PlayerFlowExit {
  to: '/' | '/dashboard' | '/login';
}

/** The option lists of both pages (§3 Player field options response, positions). */
export interface PlayerOptionLists {
  options: PlayerOptions;
  positions: Position[];
}

/** A page's values as the view sends them: only that page's fields. */
export type PlayerFormValues = Partial<PlayerProfileForm>;

export const EMPTY_PLAYER_FORM: PlayerProfileForm = {
  birthMonth: null,
  birthDay: null,
  birthYear: null,
  heightFeet: null,
  heightInches: null,
  weight: null,
  gender: null,
  sport: null,
  position: null,
  seasonStatus: null,
  experienceLifting: null,
  experienceAgility: null,
  experienceUpperPlyo: null,
  experienceLowerPlyo: null,
  weightGoal: null,
};

export interface PlayerContext {
  user: PlayerFlowUser | null;
  /** Sorted by name (§5). */
  sports: Option[];
  positions: Position[];
  experienceLevels: Option[];
  seasonStatuses: Option[];
  weightGoals: Option[];
  form: PlayerProfileForm;
  /** The §8 text of the current error state (load, submit or refresh failure), else null. */
  error: string | null;
  /** The field messages of the player endpoint's `errors` object (§8: shown as a list). */
  errorList: string[];
}

export type PlayerEvent =
  | { type: 'NEXT'; values: PlayerFormValues }
  | { type: 'BACK'; values: PlayerFormValues }
  | { type: 'RETRY' }
  | { type: 'LOGOUT' };

function withValues(context: PlayerContext, values: PlayerFormValues): PlayerProfileForm {
  return { ...context.form, ...values };
}

/** The §7 body of a complete form, or null (the NEXT guard only lets complete forms reach the submission). */
function submissionOf({ context }: { context: PlayerContext }): PlayerPayload | null {
  const payload = toPlayerProfilePayload(context.form);
  return payload === null ? null : toPlayerApiPayload(payload);
}

// Named actions and guards are typed with the flow's own events; the answers of invoked actors arrive as
// xstate.done.actor.* (with `output`) and xstate.error.actor.* (with `error`) events, read through these two.
function outputOf<T>(event: object): T {
  return (event as { output?: unknown }).output as T;
}

function errorOf(event: object): unknown {
  return (event as { error?: unknown }).error;
}

function exitOf({ event }: { event: object }): PlayerFlowExit {
  return outputOf<PlayerFlowExit>(event);
}

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerFlowInput,
    output: {} as PlayerFlowExit,
    tags: {} as 'busy',
  },
  actors: {
    loadOptions: fromPromise<PlayerOptionLists, void>(({ signal }) =>
      settleUnlessAborted(
        Promise.all([getPlayerOptions({ signal }), getPositions({ signal })]).then(([options, positions]) => ({
          options,
          positions,
        })),
        signal,
      ),
    ),
    createPlayer: fromPromise<PlayerCreated, PlayerPayload | null>(async ({ input, signal }) => {
      // Unreachable through the machine (its guard admits only a complete form); refused rather than sent half.
      if (input === null) throw new Error('The player profile is incomplete.');
      return settleUnlessAborted(createPlayer(input, { signal }), signal);
    }),
    refreshUser: fromPromise<User, void>(({ signal }) => settleUnlessAborted(getUser({ signal }), signal)),
    logout: fromPromise<void, void>(() => logout()),
  },
  guards: {
    hasPlayerProfile: ({ context }) => context.user?.player != null,
    isCoach: ({ context }) => context.user?.is_coach === true,
    isPageOneValid: ({ context, event }) => {
      if (event.type !== 'NEXT') return false;
      const form = withValues(context, event.values);
      // §2: the position must be one of the chosen sport's, not just any position id.
      const ofSport = positionsForSport(context.positions, form.sport).some(({ id }) => id === form.position);
      return isPlayerPageValid(form, 1) && ofSport;
    },
    isProfileComplete: ({ context, event }) =>
      event.type === 'NEXT' && toPlayerProfilePayload(withValues(context, event.values)) !== null,
    hasPlayerId: ({ event }) => outputOf<PlayerCreated | undefined>(event)?.id != null,
    hasErrorList: ({ event }) => errorList(errorOf(event)).length > 0,
  },
  actions: {
    storeOptions: assign(({ event }) => {
      const { options, positions } = outputOf<PlayerOptionLists>(event);
      return {
        sports: sortByName(options.sports),
        positions,
        experienceLevels: options.experience_levels,
        seasonStatuses: options.phase,
        weightGoals: options.weight_goals,
      };
    }),
    storeValues: assign({
      form: ({ context, event }) =>
        event.type === 'NEXT' || event.type === 'BACK' ? withValues(context, event.values) : context.form,
    }),
    storeError: assign({ error: ({ event }) => errorText(errorOf(event)) }),
    storeValidationError: assign({ error: PLAYER_VALIDATION_ERROR }),
    storeErrorList: assign({ errorList: ({ event }) => errorList(errorOf(event)) }),
    clearErrors: assign({ error: null, errorList: [] }),
    storeUser: ({ event }) => {
      updateCurrentUser(outputOf<User>(event));
    },
  },
}).createMachine({
  id: 'player',
  description: 'spec §2 Player profile: two pages of the athlete profile, submitted to POST /api/player (§7).',
  context: ({ input }) => ({
    user: input.user,
    sports: [],
    positions: [],
    experienceLevels: [],
    seasonStatuses: [],
    weightGoals: [],
    form: EMPTY_PLAYER_FORM,
    error: null,
    errorList: [],
  }),
  output: exitOf,
  initial: 'routing',
  states: {
    routing: {
      description:
        "spec §2 Player profile, on entry: a user who already has a player profile goes to '/'; a coach goes to /dashboard.",
      always: [
        { guard: 'hasPlayerProfile', target: 'toHome' },
        { guard: 'isCoach', target: 'toDashboard' },
        { target: 'loadingOptions' },
      ],
    },
    loadingOptions: {
      description: 'spec §7 GET /api/player/create and GET /api/position: the option lists of both pages.',
      tags: ['busy'],
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: { target: 'pageOne', actions: 'storeOptions' },
        onError: { target: 'loadFailed', actions: 'storeError' },
      },
    },
    loadFailed: {
      description: 'spec §8 general mapping: the options could not be loaded; the person may try again.',
      on: {
        RETRY: { target: 'loadingOptions', actions: 'clearErrors' },
        LOGOUT: { target: 'loggingOut' },
      },
    },
    pageOne: {
      description:
        "spec §2/§5 Player page 1: birth date, height, weight, gender, sport, position, season status; 'Next' disabled until all are valid.",
      on: {
        NEXT: { guard: 'isPageOneValid', target: 'pageTwo', actions: 'storeValues' },
        LOGOUT: { target: 'loggingOut' },
      },
    },
    pageTwo: {
      description:
        "spec §2/§5 Player page 2: lifting, speed ladder, medicine ball, plyometric jump experience and weight goal; 'Back' and 'Next'.",
      initial: 'editing',
      on: {
        NEXT: {
          guard: 'isProfileComplete',
          target: 'submitting',
          actions: ['storeValues', 'clearErrors'],
          description: 'spec §2: Next on page 2 submits.',
        },
        BACK: {
          target: 'pageOne',
          actions: ['storeValues', 'clearErrors'],
          description: 'spec §2: Back returns to page 1 with its values (page 2 keeps its own too).',
        },
        LOGOUT: { target: 'loggingOut' },
      },
      states: {
        editing: { description: 'spec §5 Player page 2: all five experience and goal fields required.' },
        validationError: {
          description: "spec §8 Player submit: no id in the response gives 'Validation error.'",
        },
        rejected: {
          description: 'spec §8 Player submit: an errors object in an error response is shown as a list.',
        },
        failed: {
          description: 'spec §8 general mapping for any other failed submission.',
        },
      },
    },
    submitting: {
      description: 'spec §7 POST /api/player with the §7 field names (src/domain toPlayerApiPayload).',
      tags: ['busy'],
      invoke: {
        id: 'createPlayer',
        src: 'createPlayer',
        input: submissionOf,
        onDone: [
          { guard: 'hasPlayerId', target: 'refreshingUser' },
          { target: 'pageTwo.validationError', actions: 'storeValidationError' },
        ],
        onError: [
          { guard: 'hasErrorList', target: 'pageTwo.rejected', actions: 'storeErrorList' },
          { target: 'pageTwo.failed', actions: 'storeError' },
        ],
      },
    },
    refreshingUser: {
      description: 'spec §2: success refreshes the user (GET /api/user) and stores it.',
      tags: ['busy'],
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: { target: 'toDashboard', actions: 'storeUser' },
        onError: { target: 'refreshFailed', actions: 'storeError' },
      },
    },
    refreshFailed: {
      description:
        'spec §8 general mapping: the profile was saved but the user could not be refreshed; retrying only refreshes.',
      on: {
        RETRY: { target: 'refreshingUser', actions: 'clearErrors' },
        LOGOUT: { target: 'loggingOut' },
      },
    },
    loggingOut: {
      description:
        'spec §2 Player profile: a logout action exists (§7 POST /api/auth/logout clears local data, reloads).',
      tags: ['busy'],
      invoke: { id: 'logout', src: 'logout', onDone: { target: 'loggedOut' } },
    },
    toHome: {
      description: "spec §2 Player profile, §6: a user who already has a player profile goes to '/'.",
      type: 'final',
      output: { to: '/' },
    },
    toDashboard: {
      description: 'spec §2 Player profile: a coach on entry, or a profile saved and the user refreshed → /dashboard.',
      type: 'final',
      output: { to: '/dashboard' },
    },
    loggedOut: {
      description: 'spec §7 POST /api/auth/logout: local data cleared and the page reloads; §2 then /login.',
      type: 'final',
      output: { to: '/login' },
    },
  },
});
