/**
 * The athlete steps both wizards share: the athlete list (spec §2 Login step 3, Register step 2), the create-athlete
 * form (Login step 4, Register step 3) and, once an athlete is chosen or created, the §4 membership check
 * (athlete-membership.machine.ts). login.machine.ts and register.machine.ts invoke it from one state each (invoke id
 * `athleteSteps`), so both run one copy of these steps.
 *
 * Issue 32 (who may play): with a licence whose team has an age rule (the latest licence's `age_rule`), a chosen or
 * created athlete is checked first (`checkingEligibility`: the guard `isEligible`, src/domain/eligibility.ts): the
 * athlete's date of birth is asked where missing, and an athlete outside the rule's range goes back to the list with
 * the refusal, before any seat is claimed. A team without an age rule goes straight to the membership check, as
 * before. Further checks of a chosen athlete slot in after `checkingEligibility`, before `checkingMembership`.
 *
 * Issue 32 point 4 (the club's own questions): with a licence whose team asks questions (the latest licence's
 * `has_questions`), an accepted athlete (no age rule, or eligible) is asked them first (`askingQuestions`): the
 * questions step (team-questions.machine.ts) runs as a child whose code loads only then (`questionsCode`, then
 * `questions`: payment.lazy-child.ts), loads the team's questions with the athlete's answers on record and saves the
 * answers on the athlete, where the checkout finds them. A team without questions goes on to the membership check as
 * before, with no call more.
 *
 * Its exits are final states whose output the wizard maps to its own next step: `back` (Back on the list) and
 * `continue` (the membership check passed). `context.step` says which of its two steps the wizard is at (the list
 * stays the step while a chosen athlete is checked, the form while a created one is); each wizard mirrors it into
 * its URL as its own step number.
 */

import { and, assertEvent } from 'xstate';
import {
  athletePayloadOf,
  athleteStepsSetup,
  chosenAthleteId,
  licenceOf,
  membershipInput,
  questionsInput,
} from './athlete-steps.setup';
import { exitOf } from './flow-exit';

export type {
  AthleteStep,
  AthleteStepEvent,
  AthleteStepsContext,
  AthleteStepsInput,
  AthleteStepsOutput,
  EligibilityRefusal,
} from './athlete-steps.setup';

export const athleteStepsMachine = athleteStepsSetup.createMachine({
  id: 'athleteSteps',
  description:
    'spec §2 Login steps 3-4, §2 Register steps 2-3, §4 Register wizard: the athlete list, create athlete and the ' +
    'membership check, shared by the login and register wizards.',
  context: ({ input }) => ({
    license: input.license,
    step: input.opensAt,
    latestLicence: null,
    athletes: [],
    chosenAthlete: null,
    resumedAthleteId: input.chosenAthleteId ?? null,
    membershipOutcome: null,
    eligibility: null,
    refusal: null,
    error: null,
    exit: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'spec §2 Login and Register query: the step in the URL may name the create-athlete form',
      always: [
        {
          guard: 'opensAtCreateAthlete',
          target: 'createAthlete',
          description: 'spec §2: login step 4 / register step 3 deep-link to the form',
        },
        { target: 'athleteList' },
      ],
    },
    athleteList: {
      description:
        "spec §2 Login step 3, Register step 2: season and team names, athletes, 'Add New Athlete', 'Next', 'Back'",
      entry: { type: 'enterStep', params: { step: 'athleteList' } },
      // A blocked membership is told once, on the list loaded right after it; leaving the list drops it.
      exit: 'forgetMembershipOutcome',
      initial: 'start',
      states: {
        start: {
          description: 'spec §4 Login wizard step 3: with a licence, record it before loading the athletes',
          always: [
            {
              guard: 'hasLicence',
              target: 'recordingLicence',
              description: 'the licence becomes the latest, whose season and team the list shows',
            },
            { target: 'loadingAthletes' },
          ],
        },
        recordingLicence: {
          description: 'spec §7 POST /api/user/latest-license (answers the season and team names)',
          tags: ['busy'],
          invoke: {
            id: 'latestLicence',
            src: 'recordLatestLicence',
            input: ({ context }) => ({ licenseCode: licenceOf(context) }),
            onDone: {
              target: 'loadingAthletes',
              actions: { type: 'rememberLatestLicence', params: ({ event }) => ({ latestLicence: event.output }) },
            },
            onError: {
              target: 'loadFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingAthletes: {
          description: 'spec §7 GET /api/user/athletes',
          tags: ['busy'],
          invoke: {
            id: 'athletes',
            src: 'loadAthletes',
            onDone: [
              {
                guard: 'wasAlreadyMember',
                target: 'choosing.alreadyMember',
                actions: [
                  { type: 'rememberAthletes', params: ({ event }) => ({ athletes: event.output }) },
                  'forgetMembershipOutcome',
                ],
              },
              {
                guard: 'didClaimFail',
                target: 'choosing.claimFailed',
                actions: [
                  { type: 'rememberAthletes', params: ({ event }) => ({ athletes: event.output }) },
                  'forgetMembershipOutcome',
                ],
              },
              {
                target: 'choosing',
                actions: { type: 'rememberAthletes', params: ({ event }) => ({ athletes: event.output }) },
              },
            ],
            onError: {
              target: 'loadFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadFailed: {
          description: 'spec §8 general mapping; the person may try again',
          on: { RETRY: { target: 'start' } },
        },
        choosing: {
          description: "spec §2 Login step 3, Register step 2: the athlete list; 'Next' once an athlete is chosen",
          initial: 'idle',
          states: {
            idle: { description: 'spec §2 Login step 3, Register step 2: list of athletes, one may be chosen' },
            alreadyMember: {
              description: "spec §4/§8: 'Sorry, this athlete already has a membership for the season.'",
            },
            claimFailed: { description: 'spec §8 Claim failure: the error response text' },
            notEligible: {
              description:
                "§4, issue 32: '{athlete} is not eligible for {team}: players must be born between {date} and {date}.'",
            },
          },
          on: {
            CHOOSE_ATHLETE: { target: '.idle', actions: 'chooseAthlete' },
            NEXT: [
              {
                guard: and(['hasChosenAthlete', 'teamHasAgeRule']),
                target: '#athleteSteps.checkingEligibility',
                description: "§4, issue 32: with a team age rule, 'Next' checks the athlete's eligibility first",
              },
              {
                guard: and(['hasChosenAthlete', 'teamAsksQuestions']),
                target: '#athleteSteps.askingQuestions',
                description: "§4, issue 32: with team questions, 'Next' asks them before the membership check",
              },
              {
                guard: 'hasChosenAthlete',
                target: '#athleteSteps.checkingMembership',
                description: "spec §4: 'Next' runs the membership check; enabled once an athlete is chosen",
              },
            ],
          },
        },
      },
      on: {
        ADD_ATHLETE: { target: 'createAthlete', description: "spec §4: 'Add New Athlete' goes to the form" },
        BACK: { target: 'wentBack', description: 'spec §2, §4: Back moves one step down, out of the athlete steps' },
      },
    },
    createAthlete: {
      description: 'spec §2 Create athlete form (Login step 4, Register step 3)',
      entry: { type: 'enterStep', params: { step: 'createAthlete' } },
      initial: 'form',
      states: {
        form: {
          description: "spec §2 Create athlete form: 'Create Account' (or Enter) submits",
          initial: 'idle',
          states: {
            idle: { description: 'spec §2 Create athlete form, §5 Create athlete validation' },
            failed: { description: 'spec §8 general mapping' },
          },
          on: {
            CREATE_ATHLETE: {
              guard: { type: 'isValidAthlete', params: ({ event }) => event.values },
              target: '#athleteSteps.createAthlete.creating',
            },
          },
        },
        creating: {
          description: 'spec §7 POST /api/auth/register-athlete',
          tags: ['busy'],
          invoke: {
            id: 'registerAthlete',
            src: 'registerAthlete',
            input: ({ event }) => {
              assertEvent(event, 'CREATE_ATHLETE');
              return athletePayloadOf(event.values);
            },
            onDone: [
              {
                guard: 'teamHasAgeRule',
                target: '#athleteSteps.checkingEligibility',
                actions: { type: 'chooseCreatedAthlete', params: ({ event }) => ({ athlete: event.output }) },
                description: "§4, issue 32: with a team age rule, a created athlete's eligibility is checked first",
              },
              {
                guard: 'teamAsksQuestions',
                target: '#athleteSteps.askingQuestions',
                actions: { type: 'chooseCreatedAthlete', params: ({ event }) => ({ athlete: event.output }) },
                description: '§4, issue 32: with team questions, a created athlete is asked them first',
              },
              {
                target: '#athleteSteps.checkingMembership',
                actions: { type: 'chooseCreatedAthlete', params: ({ event }) => ({ athlete: event.output }) },
                description: 'spec §4: creating an athlete runs the membership check like choosing one',
              },
            ],
            onError: {
              target: 'form.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: { BACK: { target: 'athleteList', description: 'spec §2, §4: Back moves one step down, to the list' } },
    },
    checkingEligibility: {
      description:
        "§4, issue 32: the team's age rule (the guard isEligible): the athlete's date of birth where missing, then " +
        'eligible (on to the membership check) or refused (back to the list), before any seat is claimed',
      initial: 'loading',
      states: {
        loading: {
          description: '§4, issue 32: GET /api/eligibility/athletes/{athlete_id}?license_code=',
          tags: ['busy'],
          invoke: {
            id: 'eligibility',
            src: 'loadEligibility',
            input: ({ context }) => ({ athleteId: chosenAthleteId(context), licenseCode: licenceOf(context) }),
            onDone: [
              {
                guard: { type: 'isEligibleAndAsked', params: ({ event }) => event.output },
                target: '#athleteSteps.askingQuestions',
                actions: { type: 'rememberEligibility', params: ({ event }) => event.output },
                description: '§4, issue 32: eligible (or an exception), with team questions: they are asked next',
              },
              {
                guard: { type: 'isEligible', params: ({ event }) => event.output },
                target: '#athleteSteps.checkingMembership',
                actions: { type: 'rememberEligibility', params: ({ event }) => event.output },
                description: '§4, issue 32: eligible (or an exception): on to the membership check',
              },
              {
                guard: { type: 'needsBirthDate', params: ({ event }) => event.output },
                target: 'askingBirthDate',
                actions: { type: 'rememberEligibility', params: ({ event }) => event.output },
                description: "§4, issue 32: the athlete's date of birth is asked once, where missing",
              },
              {
                target: '#athleteSteps.athleteList.choosing.notEligible',
                actions: { type: 'refuseAthlete', params: ({ event }) => event.output },
                description: '§4, issue 32: born outside the range: refused, back to the list',
              },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description: 'spec §8 general mapping; the person may try again',
          on: { RETRY: { target: 'loading' } },
        },
        askingBirthDate: {
          description: "§4, issue 32: 'Date of birth' of the chosen athlete (kept on the athlete)",
          initial: 'idle',
          states: {
            idle: { description: '§4, issue 32: the date of birth form' },
            failed: { description: 'spec §8 general mapping: the server refused the date' },
          },
          on: {
            BIRTH_DATE: {
              guard: { type: 'isBirthDate', params: ({ event }) => ({ date: event.date }) },
              target: 'savingBirthDate',
            },
          },
        },
        savingBirthDate: {
          description: '§4, issue 32: PUT /api/eligibility/athletes/{athlete_id}/birth-date',
          tags: ['busy'],
          invoke: {
            id: 'birthDate',
            src: 'saveBirthDate',
            input: ({ context, event }) => {
              assertEvent(event, 'BIRTH_DATE');
              return { athleteId: chosenAthleteId(context), birthDate: event.date, licenseCode: licenceOf(context) };
            },
            onDone: [
              {
                guard: { type: 'isEligibleAndAsked', params: ({ event }) => event.output },
                target: '#athleteSteps.askingQuestions',
                actions: { type: 'rememberEligibility', params: ({ event }) => event.output },
                description: '§4, issue 32: born in the range, with team questions: they are asked next',
              },
              {
                guard: { type: 'isEligible', params: ({ event }) => event.output },
                target: '#athleteSteps.checkingMembership',
                actions: { type: 'rememberEligibility', params: ({ event }) => event.output },
                description: '§4, issue 32: born in the range: on to the membership check',
              },
              {
                target: '#athleteSteps.athleteList.choosing.notEligible',
                actions: { type: 'refuseAthlete', params: ({ event }) => event.output },
                description: '§4, issue 32: born outside the range: refused, back to the list',
              },
            ],
            onError: {
              target: 'askingBirthDate.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: { BACK: { target: 'athleteList', description: '§4, issue 32: Back from the date of birth, to the list' } },
    },
    askingQuestions: {
      description:
        "§4, issue 32 point 4: the team's own questions about the accepted athlete (team-questions.machine.ts, " +
        'loaded when reached), validated by the schema built from them and saved on the athlete, before the ' +
        'membership check',
      initial: 'loadingCode',
      states: {
        loadingCode: {
          description: "§4, issue 32: the questions step's code loads (only a team with questions needs it)",
          tags: ['busy'],
          invoke: {
            id: 'questionsCode',
            src: 'questionsCode',
            onDone: { target: 'answering' },
            onError: {
              target: 'codeFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        codeFailed: {
          description: 'spec §8 general mapping: the code did not load; the person may try again or go back',
          on: {
            RETRY: { target: 'loadingCode' },
            BACK: { target: '#athleteSteps.athleteList', description: '§4, issue 32: Back, to the list' },
          },
        },
        answering: {
          description:
            '§4, issue 32: GET /api/team-questions/athletes/{athlete_id}?license_code= (answers on record ' +
            'pre-filled), the questions, PUT …/answers; Back returns to the list',
          invoke: {
            id: 'questions',
            src: 'questions',
            input: ({ context }) => questionsInput(context),
            onDone: [
              {
                guard: { type: 'hasAnswered', params: ({ event }) => event.output },
                target: '#athleteSteps.checkingMembership',
                description: '§4, issue 32: the answers are saved on the athlete: on to the membership check',
              },
              {
                target: '#athleteSteps.athleteList',
                description: '§4, issue 32: Back from the questions, to the list',
              },
            ],
          },
        },
      },
    },
    checkingMembership: {
      description: 'spec §4 Register wizard: after an athlete is chosen or created (athlete-membership.machine.ts)',
      tags: ['busy'],
      invoke: {
        id: 'membership',
        src: 'athleteMembership',
        input: ({ context }) => membershipInput(context),
        onDone: [
          {
            guard: { type: 'isMembershipBlocked', params: ({ event }) => event.output },
            target: 'athleteList',
            actions: { type: 'rememberMembershipOutcome', params: ({ event }) => event.output },
            description:
              'spec §4: an active membership (or a failed claim) blocks the choice; the list, loaded again with ' +
              'a created athlete in it, says why',
          },
          { target: 'continued', description: 'spec §4: continue (the wizard decides where)' },
        ],
      },
    },
    wentBack: {
      description: 'spec §2, §4: Back on the athlete list; the wizard goes one step back',
      type: 'final',
      entry: { type: 'leave', params: { exit: 'back' } },
    },
    continued: {
      description: 'spec §4: the membership check passed; the wizard continues (to /payment or /dashboard)',
      type: 'final',
      entry: { type: 'leave', params: { exit: 'continue' } },
    },
  },
  output: ({ context }) => exitOf(context),
});
