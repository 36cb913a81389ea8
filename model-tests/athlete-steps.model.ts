/**
 * The athlete steps' model (athlete-steps.machine.ts): stub API answers, event variants and per-state checks of the
 * machine. Its own test walks it from each way in; login and register run it as their child `athleteSteps`
 * (ModelConfig.children), so their paths go through these same steps.
 */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { AthleteMembershipOutput } from '../src/machines/athlete-membership.machine';
import { athleteStepsMachine } from '../src/machines/athlete-steps.machine';
import { teamQuestionsMachine } from '../src/machines/team-questions.machine';
import {
  alex,
  eligibilityOf,
  jamie,
  jamieForm,
  jamiePayload,
  latestLicenceFor,
  sam,
  serverDown,
  sharksQuestions,
} from './athlete-steps.fixtures.ts';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof athleteStepsMachine>;

const usernameTaken = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { username: ['The username has already been taken.'] },
});

const futureBirthDate = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Enter the athlete’s real date of birth (not a date in the future).',
  messages: { birth_date: ['Enter the athlete’s real date of birth (not a date in the future).'] },
});

const claimFailed: AthleteMembershipOutput = {
  exit: 'claimFailed',
  message: 'Sorry, this license is not available.',
};

const jerseyRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Choose one of the options.',
  messages: { 'answers.1': ['Choose one of the options.'] },
});

/**
 * Issue 32 point 4: the questions step as the athlete steps run it (its code loaded): the team's questions with the
 * athlete's answers on record, then saved. Its own model test walks every state of it.
 */
export const athleteQuestionsModel = defineModel({
  machine: teamQuestionsMachine,
  input: {
    athleteName: 'Sam Rivera',
    teamName: '12U Sharks',
    membershipId: null,
    athlete: { athleteId: 11, licenseCode: 'SHARKS-ASKS-2027' },
  },
  events: {
    CHANGE: [{ type: 'CHANGE', question: '1', value: 'YM' }],
    SUBMIT: [{ type: 'SUBMIT' }],
    BACK: [{ type: 'BACK' }],
    RETRY: [{ type: 'RETRY' }],
    // The answers on record pre-filled (the jersey size given before), or none yet (Continue then says what is missing).
    'xstate.done.actor.loadAnswers': [
      doneEvent('loadAnswers', { ...sharksQuestions, changeable: true }),
      doneEvent('loadAnswers', { ...sharksQuestions, answers: {}, changeable: true }),
    ],
    'xstate.error.actor.loadAnswers': [errorEvent('loadAnswers', serverDown)],
    'xstate.done.actor.saveAnswers': [
      doneEvent('saveAnswers', {
        questions: sharksQuestions.questions,
        answers: { 1: 'YM', 2: 'Peanuts' },
        changeable: true,
      }),
    ],
    'xstate.error.actor.saveAnswers': [errorEvent('saveAnswers', jerseyRefused)],
  },
});

export const athleteStepsModel = defineModel({
  // The questions step's code is loaded by `questionsCode` (stubbed here): the model gives the real machine.
  machine: athleteStepsMachine.provide({ actors: { questions: teamQuestionsMachine } }),
  children: { questions: athleteQuestionsModel },
  inputs: {
    // Both wizards with a licence: the licence is recorded before the list loads.
    withLicence: { license: 'TIGERS-2027', opensAt: 'athleteList' },
    // Login's athlete step reached by a deep link without a licence.
    withoutLicence: { license: null, opensAt: 'athleteList' },
    // A deep link to the form (login step 4, register step 3).
    atTheForm: { license: 'TIGERS-2027', opensAt: 'createAthlete' },
    // Issue 32: a team with an age rule (12U Sharks), from the list.
    withAgeRule: { license: 'SHARKS-2027', opensAt: 'athleteList' },
    // Issue 32 point 4: a team that asks its own questions, without an age rule; and 12U Sharks with both.
    withQuestions: { license: 'JERSEYS-2027', opensAt: 'athleteList' },
    withAgeRuleAndQuestions: { license: 'SHARKS-ASKS-2027', opensAt: 'athleteList' },
  },
  events: {
    // A person can only choose a listed athlete that is not chosen already (a checked radio sends nothing).
    CHOOSE_ATHLETE: (snapshot) => {
      const other = snapshot.context.athletes.find(
        (athlete) => athlete.user_id !== snapshot.context.chosenAthlete?.user_id,
      );
      return other ? [{ type: 'CHOOSE_ATHLETE' as const, userId: other.user_id }] : [];
    },
    CREATE_ATHLETE: [{ type: 'CREATE_ATHLETE', values: jamieForm }],
    // The recorded licence is the one the steps were given (its team's age rule, if any, comes with it).
    'xstate.done.actor.latestLicence': (snapshot) => [
      doneEvent('latestLicence', latestLicenceFor(snapshot.context.license)),
    ],
    'xstate.error.actor.latestLicence': [errorEvent('latestLicence', serverDown)],
    'xstate.done.actor.athletes': [doneEvent('athletes', [sam, alex])],
    'xstate.error.actor.athletes': [errorEvent('athletes', serverDown)],
    'xstate.done.actor.registerAthlete': [doneEvent('registerAthlete', jamie)],
    'xstate.error.actor.registerAthlete': [errorEvent('registerAthlete', usernameTaken)],
    BIRTH_DATE: [{ type: 'BIRTH_DATE', date: '2015-05-01' }],
    'xstate.done.actor.eligibility': [
      doneEvent('eligibility', eligibilityOf.eligible),
      doneEvent('eligibility', eligibilityOf.noBirthDate),
      doneEvent('eligibility', eligibilityOf.bornTooEarly),
      doneEvent('eligibility', eligibilityOf.excepted),
    ],
    'xstate.error.actor.eligibility': [errorEvent('eligibility', serverDown)],
    'xstate.done.actor.birthDate': [
      doneEvent('birthDate', eligibilityOf.eligible),
      doneEvent('birthDate', { ...eligibilityOf.bornTooEarly, birth_date: '2016-09-01' }),
    ],
    'xstate.error.actor.birthDate': [errorEvent('birthDate', futureBirthDate)],
    // Issue 32 point 4: the questions step's code loads, or does not.
    'xstate.done.actor.questionsCode': [doneEvent('questionsCode', undefined)],
    'xstate.error.actor.questionsCode': [errorEvent('questionsCode', serverDown)],
    'xstate.done.actor.membership': [
      doneEvent('membership', { exit: 'continue' }),
      doneEvent('membership', { exit: 'alreadyMember' }),
      doneEvent('membership', claimFailed),
    ],
  },
  /**
   * The chosen athlete decides 'Next' only on the list; the pending membership outcome decides which list state
   * follows loading; the step is what the wizard shows in its URL. Elsewhere the choice would multiply states
   * without changing what a person can do.
   */
  serializeState: (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      step: snapshot.context.step,
      chosenAthlete: snapshot.matches({ athleteList: 'choosing' })
        ? (snapshot.context.chosenAthlete?.user_id ?? null)
        : undefined,
      membershipOutcome: snapshot.context.membershipOutcome ?? null,
      // Issue 32: whether the team has an age rule decides where 'Next' and a created athlete go.
      ageRule: snapshot.context.latestLicence?.age_rule !== undefined,
      // Issue 32 point 4: whether the team asks questions decides the same.
      questions: snapshot.context.latestLicence?.has_questions === true,
    }),
  states: {
    athleteList: (snapshot) => expect(snapshot.context.step).toBe('athleteList'),
    createAthlete: (snapshot) => expect(snapshot.context.step).toBe('createAthlete'),
    // The licence the steps were given (TIGERS-2027; issue 32's SHARKS-2027 with an age rule).
    'athleteList.recordingLicence': (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'latestLicence',
        input: { licenseCode: snapshot.context.license },
      }),
    'createAthlete.creating': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'registerAthlete', input: jamiePayload }),
    checkingMembership: (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'membership',
        src: 'athleteMembership',
        input: { athlete: snapshot.context.chosenAthlete, license: snapshot.context.license },
      }),
    'checkingEligibility.loading': (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'eligibility',
        input: { athleteId: snapshot.context.chosenAthlete?.user_id, licenseCode: snapshot.context.license },
      }),
    'checkingEligibility.savingBirthDate': (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'birthDate',
        input: {
          athleteId: snapshot.context.chosenAthlete?.user_id,
          birthDate: '2015-05-01',
          licenseCode: snapshot.context.license,
        },
      }),
    // The questions step runs for real with the chosen athlete and the licence (its answers load and save there).
    'askingQuestions.answering': (snapshot) =>
      expect(snapshot.children.questions?.getSnapshot().context).toMatchObject({
        membershipId: null,
        athlete: { athleteId: snapshot.context.chosenAthlete?.user_id, licenseCode: snapshot.context.license },
      }),
    'athleteList.choosing.notEligible': (snapshot) => {
      expect(snapshot.context.chosenAthlete).toBeNull();
      expect(snapshot.context.refusal).toMatchObject({
        team: '12U Sharks',
        bornFrom: '2014-09-01',
        bornTo: '2016-08-31',
      });
    },
    wentBack: (snapshot) => expect(snapshot.output).toEqual({ exit: 'back' }),
    continued: (snapshot) =>
      expect(snapshot.output).toEqual({ exit: 'continue', athlete: snapshot.context.chosenAthlete }),
  },
});
