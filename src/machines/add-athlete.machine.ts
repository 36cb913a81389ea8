/**
 * The payment page's 'Add another athlete' (issue 20 point 1): the athlete steps (athlete-steps.machine.ts: pick or
 * create, membership check, claim), with a choice of team first. They start with the payment page's licence (its
 * team); the guardian may instead enter another team's licence code (the code of that team's registration link),
 * and the athlete steps then start again with that licence: they record it, list its season and team, and claim it
 * for the athlete, whose latest licence (the team the family checkout quotes) it becomes. The code is checked with
 * the licence info first: an unknown code gets the server's message; a coach licence, another organization's team,
 * a paused licence or one with no seat left are refused (add-athlete.rules.ts). Both the payment flow and the
 * family checkout invoke it (invoke id `athleteSteps`); the login and register wizards run the athlete steps alone,
 * so neither carries this choice (bench: /login, /register).
 *
 * Its output is the athlete steps' own (`back`, or `continue` with the athlete).
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { errorText } from '../api/errors';
import { getLicenceInfo } from '../api/licences';
import { type TeamLicences, teamLicenceRefusal } from './add-athlete.rules';
import { type AthleteStepsInput, type AthleteStepsOutput, athleteStepsMachine } from './athlete-steps.machine';
import { exitOf } from './flow-exit';
import type { ShownText } from './payment-texts';
import { apiCall } from './settle-unless-aborted';

export type AddAthleteEvent =
  /** Open the other team's licence code field. */
  | { type: 'OTHER_TEAM' }
  /** The other team's licence code as typed. */
  | { type: 'TEAM_CODE'; code: string }
  /** Close the field, keeping the team in use. */
  | { type: 'CANCEL_TEAM' }
  /** Back to the payment page's team. */
  | { type: 'PAGE_TEAM' };

export interface AddAthleteContext {
  /** The payment page's licence. */
  readonly pageLicence: string | null;
  /** The licence the athlete steps record and claim: the page's, or the other team's the guardian chose. */
  license: string | null;
  /** The payment page's team name, learnt with the first other team's code (for the way back to it). */
  pageTeam: string | null;
  /** Why the other team's code was refused: a catalogue message (add-athlete.rules.ts), or the server's text. */
  teamError: ShownText | null;
  /** The athlete steps are at their athlete list with nothing under way: the team may change. */
  stepsOnList: boolean;
  exit: AthleteStepsOutput | null;
}

export const addAthleteMachine = setup({
  types: {
    input: {} as AthleteStepsInput,
    context: {} as AddAthleteContext,
    events: {} as AddAthleteEvent,
    output: {} as AthleteStepsOutput,
    children: {} as { athleteSteps: 'athleteSteps'; teamLicence: 'teamLicence' },
  },
  actors: {
    athleteSteps: athleteStepsMachine,
    // Both licences, so the team's organization can be compared with the page's.
    teamLicence: apiCall<TeamLicences, { code: string; pageCode: string }>((input, signal) =>
      Promise.all([getLicenceInfo(input.code, { signal }), getLicenceInfo(input.pageCode, { signal })]).then(
        ([team, page]) => ({ team, page }),
      ),
    ),
  },
  guards: {
    hasPageLicence: ({ context }) => context.pageLicence !== null,
    onOtherTeam: ({ context }) => context.license !== context.pageLicence,
    stepsOnList: ({ context }) => context.stepsOnList,
    hasTeamCode: (_, params: { code: string }) => params.code.trim() !== '',
    isTeamRefused: (_, params: TeamLicences) => teamLicenceRefusal(params) !== null,
  },
  actions: {
    useTeam: assign((_, params: TeamLicences) => ({
      license: params.team.license_code,
      pageTeam: params.page.team_name,
      teamError: null,
    })),
    usePageTeam: assign({ license: ({ context }) => context.pageLicence, teamError: null }),
    refuseTeam: assign({ teamError: (_, params: TeamLicences) => teamLicenceRefusal(params) }),
    rememberTeamError: assign({ teamError: (_, params: { error: unknown }) => errorText(params.error) }),
    forgetTeamError: assign({ teamError: null }),
    leave: assign({ exit: (_, params: AthleteStepsOutput) => params }),
    followSteps: assign({ stepsOnList: (_, params: { onList: boolean }) => params.onList }),
  },
}).createMachine({
  id: 'addAthlete',
  description:
    "Issue 20 point 1: 'Add another athlete': the athlete steps with the payment page's licence, or with another " +
    "team's licence of the same organization.",
  context: ({ input }) => ({
    pageLicence: input.license,
    license: input.license,
    pageTeam: null,
    teamError: null,
    stepsOnList: false,
    exit: null,
  }),
  output: ({ context }) => exitOf(context),
  initial: 'steps',
  states: {
    steps: {
      description: "Spec §4: the athlete steps with the team's licence; started again when the team changes.",
      invoke: {
        id: 'athleteSteps',
        src: 'athleteSteps',
        input: ({ context }) => ({ license: context.license, opensAt: 'athleteList' as const }),
        onSnapshot: {
          actions: {
            type: 'followSteps',
            params: ({ event }) => ({ onList: event.snapshot.matches({ athleteList: 'choosing' }) }),
          },
        },
        onDone: { target: 'ended', actions: { type: 'leave', params: ({ event }) => event.output } },
      },
      exit: { type: 'followSteps', params: { onList: false } },
      on: {
        OTHER_TEAM: {
          guard: and(['hasPageLicence', 'stepsOnList']),
          target: 'enteringCode',
          description: 'From the athlete list (nothing under way): the athlete steps stop while the code is entered.',
        },
        PAGE_TEAM: {
          guard: and(['onOtherTeam', 'stepsOnList']),
          target: 'steps',
          reenter: true,
          actions: 'usePageTeam',
          description: "Back to the payment page's team: the athlete steps start again with its licence.",
        },
      },
    },
    enteringCode: {
      description:
        "Spec §2 licence page, issue 20 point 1: another team's licence code (the code of its registration link).",
      initial: 'idle',
      on: {
        CANCEL_TEAM: {
          target: 'steps',
          actions: 'forgetTeamError',
          description: 'The athlete steps start again with the team in use.',
        },
      },
      states: {
        idle: {
          description: 'Spec §5: the code field; a code is required before it is checked.',
          on: { TEAM_CODE: { guard: { type: 'hasTeamCode', params: ({ event }) => event }, target: 'checking' } },
        },
        checking: {
          description: 'Spec §7 GET /api/registration-link/info/{code}, and the page licence (its organization)',
          tags: ['busy'],
          invoke: {
            id: 'teamLicence',
            src: 'teamLicence',
            input: ({ context, event }) => {
              assertEvent(event, 'TEAM_CODE');
              return { code: event.code.trim(), pageCode: context.pageLicence ?? '' };
            },
            onDone: [
              {
                guard: { type: 'isTeamRefused', params: ({ event }) => event.output },
                target: 'refused',
                actions: { type: 'refuseTeam', params: ({ event }) => event.output },
                description: 'A coach licence, another organization, paused or none left: the field says why.',
              },
              {
                target: '#addAthlete.steps',
                actions: { type: 'useTeam', params: ({ event }) => event.output },
                description: "The athlete steps start again with the team's licence (recorded, then claimed).",
              },
            ],
            onError: {
              target: 'refused',
              actions: { type: 'rememberTeamError', params: ({ event }) => ({ error: event.error }) },
              description: "Spec §8: the server's message (an unknown code: 404).",
            },
          },
        },
        refused: {
          description: 'Spec §8: the refusal, tied to the field; another code may be tried.',
          on: {
            TEAM_CODE: {
              guard: { type: 'hasTeamCode', params: ({ event }) => event },
              target: 'checking',
              actions: 'forgetTeamError',
            },
          },
        },
      },
    },
    ended: {
      type: 'final',
      description: 'Spec §4: the athlete steps ended (Back, or an athlete chosen or created and checked).',
    },
  },
});
