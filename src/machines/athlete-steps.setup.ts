/**
 * The athlete steps' setup (athlete-steps.machine.ts holds their chart, kept beside it so the chart stays under 450
 * lines): the types of their input, context, events and exits, the helpers of their rules, and the setup() that names
 * every guard, action and actor the chart uses.
 */
import { assertEvent, assign, setup } from 'xstate';
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
export function licenceOf(context: AthleteStepsContext): string {
  if (context.license === null) throw new Error('The athlete steps record a licence they do not have.');
  return context.license;
}

/** The §3 athlete account payload of a submitted form; CREATE_ATHLETE's guard admits only valid ones. */
export function athletePayloadOf(values: NewAthleteFormValues): AthleteAccountPayload {
  const payload = toAthleteAccountPayload(values);
  if (payload === null) throw new Error('The athlete steps create an athlete from an invalid form.');
  return payload;
}

export function chosenAthleteId(context: AthleteStepsContext): number {
  if (context.chosenAthlete === null) throw new Error('The eligibility check started without a chosen athlete.');
  return context.chosenAthlete.user_id;
}

/** Issue 32 point 4: the questions step's input, the chosen athlete with the licence (their answers load and save). */
export function questionsInput(context: AthleteStepsContext): TeamQuestionsInput {
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

export function membershipInput(context: AthleteStepsContext): AthleteMembershipInput {
  if (context.chosenAthlete === null) throw new Error('The membership check started without a chosen athlete.');
  return { athlete: context.chosenAthlete, license: context.license };
}

export const athleteStepsSetup = setup({
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
});
