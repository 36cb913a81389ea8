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
import { and, assertEvent, assign, setup } from 'xstate';
import { getAthletes, registerAthlete, setLatestLicense } from '../api/auth';
import type { Eligibility } from '../api/eligibility.schemas';
import { errorText } from '../api/errors';
import type { Athlete, AthleteAccountPayload, LatestLicense } from '../api/schemas';
import { isCreateAthleteFormValid, toAthleteAccountPayload } from '../domain/athlete-account-forms';
import { isBirthDateText, isEligible } from '../domain/eligibility-check';
import type { NewAthleteFormValues } from '../domain/forms/create-athlete';
import { displayName } from '../domain/names';
import {
  type AthleteMembershipInput,
  type AthleteMembershipOutput,
  athleteMembershipMachine,
} from './athlete-membership.machine';
import { exitOf } from './flow-exit';
import { lazyChild } from './payment.lazy-child';
import { apiCall } from './settle-unless-aborted';
import type { TeamQuestionsInput, TeamQuestionsOutput, teamQuestionsMachine } from './team-questions.machine';

/** The two steps a person sees; the wizards number them (login 3 and 4, register 2 and 3). */
export type AthleteStep = 'athleteList' | 'createAthlete';

/** What a person does on the athlete steps (src/views/athletes/* send these to this machine). */
export type AthleteStepEvent =
  | { type: 'CHOOSE_ATHLETE'; userId: number }
  | { type: 'NEXT' }
  | { type: 'ADD_ATHLETE' }
  | { type: 'RETRY' }
  /** The create-athlete form as typed; refused unless valid per §5 (src/domain/forms/create-athlete.ts). */
  | { type: 'CREATE_ATHLETE'; values: NewAthleteFormValues }
  /** Issue 32: the chosen athlete's date of birth (`YYYY-MM-DD`), asked where the team's age rule needs it. */
  | { type: 'BIRTH_DATE'; date: string }
  | { type: 'BACK' };

export interface AthleteStepsInput {
  /** The licence code of the wizard's URL, or null (login without a licence). */
  license: string | null;
  /** The step it opens at: the list, or the form when the wizard's URL deep-links to it. */
  opensAt: AthleteStep;
  /** Issue 21: the athlete a resumed registration had chosen, chosen again once the list loads (if still on it). */
  chosenAthleteId?: number | null;
}

/**
 * How the athlete steps end; the wizard decides where each leads. `continue` names the athlete chosen or created
 * (the payment page's 'Add another athlete' adds it to the family checkout, issue 20 point 1).
 */
export type AthleteStepsOutput = { exit: 'back' } | { exit: 'continue'; athlete: Athlete | null };

export interface AthleteStepsContext {
  license: string | null;
  step: AthleteStep;
  latestLicence: LatestLicense | null;
  athletes: Athlete[];
  chosenAthlete: Athlete | null;
  /** Issue 21: a resumed registration's athlete, chosen on the first list loaded (then forgotten). */
  resumedAthleteId: number | null;
  /** Why the last membership check blocked, shown once the athlete list has been loaded again. */
  membershipOutcome: AthleteMembershipOutput | null;
  /** Issue 32: the chosen athlete's eligibility for the licence's team, as the server last answered it. */
  eligibility: Eligibility | null;
  /** Issue 32: the athlete the team's age rule refused, shown once on the list (with the rule's range). */
  refusal: EligibilityRefusal | null;
  /** The §8 text of the error state the steps are in, if any. */
  error: string | null;
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: AthleteStepsOutput | null;
}

/** Issue 32: who the team's age rule refused and the birth dates it allows (`YYYY-MM-DD`); the view writes the text. */
export interface EligibilityRefusal {
  athlete: string;
  team: string;
  bornFrom: string;
  bornTo: string;
}

/** Issue 32: the refusal of the chosen athlete by the answer's rule (only reached with a rule). */
function refusalOf(context: AthleteStepsContext, eligibility: Eligibility): EligibilityRefusal | null {
  const rule = eligibility.age_rule;
  if (rule === null || context.chosenAthlete === null) return null;
  return {
    athlete: displayName(context.chosenAthlete.name),
    team: eligibility.team_name,
    bornFrom: rule.born_from,
    bornTo: rule.born_to,
  };
}

/** Issue 32: the eligibility guard's rule: no rule, an exception, or a date of birth in the rule's range. */
function isEligibleBy(eligibility: Eligibility): boolean {
  return isEligible({
    range:
      eligibility.age_rule === null ? null : { from: eligibility.age_rule.born_from, to: eligibility.age_rule.born_to },
    birthDate: eligibility.birth_date,
    hasException: eligibility.has_exception,
  });
}

/** Issue 32 point 4: the licence's team asks its own questions (the latest licence's `has_questions`). */
function asksQuestions(context: AthleteStepsContext): boolean {
  return context.license !== null && context.latestLicence?.has_questions === true;
}

/** The licence is recorded only through `hasLicence`; this makes that invariant loud. */
function licenceOf(context: AthleteStepsContext): string {
  if (context.license === null) throw new Error('The athlete steps record a licence they do not have.');
  return context.license;
}

/** The §3 athlete account payload of a submitted form; CREATE_ATHLETE's guard admits only valid ones. */
function athletePayloadOf(values: NewAthleteFormValues): AthleteAccountPayload {
  const payload = toAthleteAccountPayload(values);
  if (payload === null) throw new Error('The athlete steps create an athlete from an invalid form.');
  return payload;
}

function chosenAthleteId(context: AthleteStepsContext): number {
  if (context.chosenAthlete === null) throw new Error('The eligibility check started without a chosen athlete.');
  return context.chosenAthlete.user_id;
}

/** Issue 32 point 4: the questions step's input, the chosen athlete with the licence (their answers load and save). */
function questionsInput(context: AthleteStepsContext): TeamQuestionsInput {
  if (context.chosenAthlete === null) throw new Error('The questions started without a chosen athlete.');
  return {
    athleteName: displayName(context.chosenAthlete.name),
    teamName: context.latestLicence?.team_name ?? '',
    membershipId: null,
    athlete: { athleteId: context.chosenAthlete.user_id, licenseCode: licenceOf(context) },
  };
}

/**
 * Issue 32 point 4: the questions step, loaded when the steps reach it (its machine, calls, schema and view are not in
 * the code /login and /register load first).
 */
const questionsStep = lazyChild<typeof teamQuestionsMachine>('the questions', async () => {
  const { teamQuestionsMachine } = await import('./team-questions.machine');
  return teamQuestionsMachine;
});

function membershipInput(context: AthleteStepsContext): AthleteMembershipInput {
  if (context.chosenAthlete === null) throw new Error('The membership check started without a chosen athlete.');
  return { athlete: context.chosenAthlete, license: context.license };
}

export const athleteStepsMachine = setup({
  types: {
    input: {} as AthleteStepsInput,
    context: {} as AthleteStepsContext,
    events: {} as AthleteStepEvent,
    output: {} as AthleteStepsOutput,
    // The questions step's actor, typed for the views (athlete-steps.connect.ts).
    children: {} as { questions: 'questions' },
  },
  actors: {
    recordLatestLicence: apiCall<LatestLicense, { licenseCode: string }>((input, signal) =>
      setLatestLicense(input.licenseCode, { signal }),
    ),
    loadAthletes: apiCall<Athlete[]>((_, signal) => getAthletes({ signal })),
    registerAthlete: apiCall<Athlete, AthleteAccountPayload>((input, signal) => registerAthlete(input, { signal })),
    athleteMembership: athleteMembershipMachine,
    questionsCode: questionsStep.code,
    questions: questionsStep.logic,
    // Only a team with an age rule runs these: their code (the calls, their schemas) loads then, not with every login.
    loadEligibility: apiCall<Eligibility, { athleteId: number; licenseCode: string }>(async (input, signal) => {
      const { getEligibility } = await import('../api/eligibility');
      return getEligibility(input.athleteId, input.licenseCode, { signal });
    }),
    saveBirthDate: apiCall<Eligibility, { athleteId: number; birthDate: string; licenseCode: string }>(
      async (input, signal) => {
        const { giveBirthDate } = await import('../api/eligibility');
        return giveBirthDate(
          input.athleteId,
          { birth_date: input.birthDate, license_code: input.licenseCode },
          { signal },
        );
      },
    ),
  },
  guards: {
    opensAtCreateAthlete: ({ context }) => context.step === 'createAthlete',
    isValidAthlete: (_, values: NewAthleteFormValues) => isCreateAthleteFormValid(values),
    hasLicence: ({ context }) => context.license !== null,
    hasChosenAthlete: ({ context }) => context.chosenAthlete !== null,
    isMembershipBlocked: (_, params: AthleteMembershipOutput) => params.exit !== 'continue',
    wasAlreadyMember: ({ context }) => context.membershipOutcome?.exit === 'alreadyMember',
    didClaimFail: ({ context }) => context.membershipOutcome?.exit === 'claimFailed',
    /** Issue 32: the licence's team has an age rule (the latest licence says so); otherwise nothing is checked. */
    teamHasAgeRule: ({ context }) => context.license !== null && context.latestLicence?.age_rule !== undefined,
    /** Issue 32 point 4: the licence's team asks its own questions (the latest licence says so). */
    teamAsksQuestions: ({ context }) => asksQuestions(context),
    /** Issue 32 point 4: the questions step ended with valid answers saved (not Back). */
    hasAnswered: (_, params: TeamQuestionsOutput) => params.result === 'done',
    /** Issue 32, the eligibility guard: no rule, an exception, or a date of birth in the rule's range. */
    isEligible: (_, params: Eligibility) => isEligibleBy(params),
    /** Issue 32 point 4: eligible, for a team that asks its own questions (they are asked next). */
    isEligibleAndAsked: ({ context }, params: Eligibility) => isEligibleBy(params) && asksQuestions(context),
    /** Issue 32: the rule needs the athlete's date of birth, which is not known yet. */
    needsBirthDate: (_, params: Eligibility) => params.birth_date === null,
    /** Issue 32: a date the form may send (the server also refuses one in the future). */
    isBirthDate: (_, params: { date: string }) => isBirthDateText(params.date),
  },
  actions: {
    leave: assign({
      exit: ({ context }, params: { exit: AthleteStepsOutput['exit'] }): AthleteStepsOutput =>
        params.exit === 'continue' ? { exit: 'continue', athlete: context.chosenAthlete } : { exit: 'back' },
    }),
    enterStep: assign({ step: (_, params: { step: AthleteStep }) => params.step }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    rememberMembershipOutcome: assign({
      membershipOutcome: (_, params: AthleteMembershipOutput) => params,
      error: (_, params: AthleteMembershipOutput) => (params.exit === 'claimFailed' ? params.message : null),
      // §4: an athlete who already has a membership cannot stay chosen.
      chosenAthlete: ({ context }, params: AthleteMembershipOutput) =>
        params.exit === 'alreadyMember' ? null : context.chosenAthlete,
    }),
    forgetMembershipOutcome: assign({ membershipOutcome: null }),
    rememberEligibility: assign({ eligibility: (_, params: Eligibility) => params }),
    // Issue 32: the refused athlete cannot stay chosen; the list says why.
    refuseAthlete: assign({
      refusal: ({ context }, params: Eligibility) => refusalOf(context, params),
      chosenAthlete: null,
      eligibility: null,
    }),
    rememberLatestLicence: assign({
      latestLicence: (_, params: { latestLicence: LatestLicense }) => params.latestLicence,
    }),
    rememberAthletes: assign({
      athletes: (_, params: { athletes: Athlete[] }) => params.athletes,
      chosenAthlete: ({ context }, params: { athletes: Athlete[] }) => {
        const chosenId = context.chosenAthlete?.user_id ?? context.resumedAthleteId;
        return params.athletes.find((athlete) => athlete.user_id === chosenId) ?? null;
      },
      resumedAthleteId: null,
    }),
    chooseAthlete: assign({
      chosenAthlete: ({ context, event }) => {
        assertEvent(event, 'CHOOSE_ATHLETE');
        return context.athletes.find((athlete) => athlete.user_id === event.userId) ?? null;
      },
    }),
    chooseCreatedAthlete: assign({
      athletes: ({ context }, params: { athlete: Athlete }) => [
        ...context.athletes.filter((athlete) => athlete.user_id !== params.athlete.user_id),
        params.athlete,
      ],
      chosenAthlete: (_, params: { athlete: Athlete }) => params.athlete,
    }),
  },
}).createMachine({
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
