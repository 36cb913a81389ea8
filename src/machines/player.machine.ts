/**
 * Player profile (spec §2 Player profile, §5 Player pages, §7 POST /api/player, §8 Player submit): the entry
 * redirects, the option loading, the two pages and the submission that refreshes the user.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getUser, logoutRequest } from '../api/auth';
import { errorList, errorText } from '../api/errors';
import { createPlayer, getPlayerOptions, getPositions } from '../api/player';
import type { Option, PlayerCreated, PlayerOptions, PlayerPayload, Position, User } from '../api/schemas';
import { isValidForm } from '../domain/form-schema';
import { EMPTY_PLAYER_FORM, playerPageOneSchema, playerPageTwoSchema } from '../domain/forms/player-pages';
import {
  type PlayerProfileForm,
  positionsForSport,
  sortByName,
  toPlayerApiPayload,
  toPlayerProfilePayload,
} from '../domain/player-profile';
import { updateCurrentUser } from '../session/current-user';
import { logout } from '../session/logout';
import { exitOf } from './flow-exit';
import { apiCall, settleUnlessAborted } from './settle-unless-aborted';

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

export { EMPTY_PLAYER_FORM };

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
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: PlayerFlowExit | null;
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

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerFlowInput,
    output: {} as PlayerFlowExit,
    tags: {} as 'busy',
  },
  actors: {
    loadOptions: apiCall<PlayerOptionLists, void>((_, signal) =>
      Promise.all([getPlayerOptions({ signal }), getPositions({ signal })]).then(([options, positions]) => ({
        options,
        positions,
      })),
    ),
    createPlayer: fromPromise<PlayerCreated, PlayerPayload | null>(async ({ input, signal }) => {
      // Unreachable through the machine (its guard admits only a complete form); refused rather than sent half.
      if (input === null) throw new Error('The player profile is incomplete.');
      return settleUnlessAborted(createPlayer(input, { signal }), signal);
    }),
    refreshUser: apiCall<User, void>((_, signal) => getUser({ signal })),
    // Not a guarded API call: logout clears local data and reloads whatever the server answers.
    logout: fromPromise<void, void>(() => logout(logoutRequest)),
  },
  guards: {
    hasPlayerProfile: ({ context }) => context.user?.player != null,
    isCoach: ({ context }) => context.user?.is_coach === true,
    // Page 1's schema guards its NEXT; §2: the position must also be one of the chosen sport's, not any position id.
    isPageOneValid: ({ context }, values: PlayerFormValues) => {
      const form = withValues(context, values);
      const ofSport = positionsForSport(context.positions, form.sport).some(({ id }) => id === form.position);
      return isValidForm(playerPageOneSchema, form) && ofSport;
    },
    // Page 2's schema guards the submission, which also needs page 1 (the payload is built from both).
    isProfileComplete: ({ context }, values: PlayerFormValues) => {
      const form = withValues(context, values);
      return isValidForm(playerPageTwoSchema, form) && toPlayerProfilePayload(form) !== null;
    },
    hasPlayerId: (_, created: PlayerCreated) => created.id != null,
    hasErrorList: (_, params: { error: unknown }) => errorList(params.error).length > 0,
  },
  actions: {
    storeOptions: assign((_, { options, positions }: PlayerOptionLists) => ({
      sports: sortByName(options.sports),
      positions,
      experienceLevels: options.experience_levels,
      seasonStatuses: options.phase,
      weightGoals: options.weight_goals,
    })),
    storeValues: assign({ form: ({ context }, values: PlayerFormValues) => withValues(context, values) }),
    storeError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    storeValidationError: assign({ error: PLAYER_VALIDATION_ERROR }),
    storeErrorList: assign({ errorList: (_, params: { error: unknown }) => errorList(params.error) }),
    clearErrors: assign({ error: null, errorList: [] }),
    storeUser: (_, user: User) => {
      updateCurrentUser(user);
    },
    leave: assign({ exit: (_, exit: PlayerFlowExit) => exit }),
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
    exit: null,
  }),
  output: ({ context }) => exitOf(context),
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
        onDone: { target: 'pageOne', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
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
        NEXT: {
          guard: { type: 'isPageOneValid', params: ({ event }) => event.values },
          target: 'pageTwo',
          actions: { type: 'storeValues', params: ({ event }) => event.values },
        },
        LOGOUT: { target: 'loggingOut' },
      },
    },
    pageTwo: {
      description:
        "spec §2/§5 Player page 2: lifting, speed ladder, medicine ball, plyometric jump experience and weight goal; 'Back' and 'Next'.",
      initial: 'editing',
      on: {
        NEXT: {
          guard: { type: 'isProfileComplete', params: ({ event }) => event.values },
          target: 'submitting',
          actions: [{ type: 'storeValues', params: ({ event }) => event.values }, 'clearErrors'],
          description: 'spec §2: Next on page 2 submits.',
        },
        BACK: {
          target: 'pageOne',
          actions: [{ type: 'storeValues', params: ({ event }) => event.values }, 'clearErrors'],
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
          { guard: { type: 'hasPlayerId', params: ({ event }) => event.output }, target: 'refreshingUser' },
          { target: 'pageTwo.validationError', actions: 'storeValidationError' },
        ],
        onError: [
          {
            guard: { type: 'hasErrorList', params: ({ event }) => ({ error: event.error }) },
            target: 'pageTwo.rejected',
            actions: { type: 'storeErrorList', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'pageTwo.failed',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    refreshingUser: {
      description: 'spec §2: success refreshes the user (GET /api/user) and stores it.',
      tags: ['busy'],
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: { target: 'toDashboard', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: {
          target: 'refreshFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
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
      entry: { type: 'leave', params: { to: '/' } },
    },
    toDashboard: {
      description: 'spec §2 Player profile: a coach on entry, or a profile saved and the user refreshed → /dashboard.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/dashboard' } },
    },
    loggedOut: {
      description: 'spec §7 POST /api/auth/logout: local data cleared and the page reloads; §2 then /login.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login' } },
    },
  },
});
