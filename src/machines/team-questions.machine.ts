/**
 * Issue 32 point 4, the club's own questions: the step that asks a team's questions about one athlete. A child
 * machine: the athlete steps give it the chosen athlete and the licence (`athlete`), whose team's questions and
 * answers on record it loads (GET /api/team-questions/athletes/{id}?license_code=) and saves (PUT …/answers) before
 * the membership check, so the checkout finds them; /payments' 'Change answers' gives it a membership, whose answers
 * it loads and saves (PUT /api/memberships/{id}/answers) until the season starts. Given questions and neither, it
 * only collects the answers (its output).
 *
 * The answers are validated with the schema built from the questions (src/domain/team-questions.ts), the one the
 * server validates them with: Continue with an answer missing or wrong shows each field's error and stays.
 */
import { assign, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import {
  getAthleteAnswers,
  getMembershipAnswers,
  type MembershipAnswers,
  putAthleteAnswers,
  putMembershipAnswers,
} from '../api/team-questions';
import { areAnswersValid, initialAnswers, type TeamAnswers, type TeamQuestion } from '../domain/team-questions';
import { apiCall } from './settle-unless-aborted';

export interface TeamQuestionsInput {
  athleteName: string;
  teamName: string;
  /** /payments: the membership whose answers are loaded and saved; null in the athlete steps. */
  membershipId: number | null;
  /** The athlete steps: the chosen athlete and the licence, whose team's questions and answers are loaded and saved. */
  athlete?: AthleteOfLicence | null;
  /** Questions given (neither a membership nor an athlete: the answers are only collected) and answers given before. */
  questions?: readonly TeamQuestion[];
  answers?: TeamAnswers;
}

/** An athlete registering with a team licence (the athlete steps). */
export interface AthleteOfLicence {
  athleteId: number;
  licenseCode: string;
}

/** Where the answers live: a membership's (/payments) or an athlete's for a licence's team (the athlete steps). */
export type AnswersHome = { membershipId: number } | AthleteOfLicence;

export type TeamQuestionsOutput = { result: 'done'; answers: TeamAnswers } | { result: 'back' };

export interface TeamQuestionsContext {
  athleteName: string;
  teamName: string;
  membershipId: number | null;
  athlete: AthleteOfLicence | null;
  questions: readonly TeamQuestion[];
  answers: TeamAnswers;
  /** Set by a refused Continue: every field then shows its error. */
  showErrors: boolean;
  /** The server's messages by question id (a 422 on `answers.<id>`), as it wrote them. */
  serverErrors: Record<string, string>;
  /** The failed load's or save's text (already in the language in use), else null. */
  errorText: string | null;
  result: TeamQuestionsOutput | null;
}

export type TeamQuestionsEvent =
  | { type: 'CHANGE'; question: string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

/** The server's messages on `answers.<id>`, by question id; the first message of each. */
function answerMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.messages)) {
    const id = /^answers\.(\d+)$/.exec(field)?.[1];
    if (id && messages[0]) out[id] = messages[0];
  }
  return out;
}

function homeOf(context: TeamQuestionsContext): AnswersHome {
  if (context.membershipId !== null) return { membershipId: context.membershipId };
  if (context.athlete !== null) return context.athlete;
  throw new Error('The questions step loads or saves answers it has no home for.');
}

/** The athlete steps' answer as the step keeps it: answers given there can always be changed. */
const asChangeable = (answer: { questions: TeamQuestion[]; answers: TeamAnswers }): MembershipAnswers => ({
  questions: answer.questions,
  answers: answer.answers,
  changeable: true,
});

export const teamQuestionsMachine = setup({
  types: {
    context: {} as TeamQuestionsContext,
    events: {} as TeamQuestionsEvent,
    input: {} as TeamQuestionsInput,
    output: {} as TeamQuestionsOutput,
    tags: {} as 'busy',
  },
  actors: {
    loadAnswers: apiCall<MembershipAnswers, AnswersHome>(async (home, signal) =>
      'membershipId' in home
        ? getMembershipAnswers(home.membershipId, { signal })
        : asChangeable(await getAthleteAnswers(home.athleteId, home.licenseCode, { signal })),
    ),
    saveAnswers: apiCall<MembershipAnswers, { home: AnswersHome; answers: TeamAnswers }>(async ({ home, answers }) =>
      'membershipId' in home
        ? putMembershipAnswers(home.membershipId, answers)
        : asChangeable(await putAthleteAnswers(home.athleteId, { license_code: home.licenseCode, answers })),
    ),
  },
  guards: {
    /** The answers live somewhere (a membership, or an athlete for a licence): loaded first, saved on Continue. */
    hasHome: ({ context }) => context.membershipId !== null || context.athlete !== null,
    isChangeable: (_, params: MembershipAnswers) => params.changeable,
    areAnswersValid: ({ context }) => areAnswersValid(context.questions, context.answers),
    areAnswersValidToSave: ({ context }) =>
      (context.membershipId !== null || context.athlete !== null) &&
      areAnswersValid(context.questions, context.answers),
    hasAnswerErrors: (_, params: { error: unknown }) => Object.keys(answerMessages(params.error)).length > 0,
  },
  actions: {
    storeAnswers: assign({
      questions: (_, params: MembershipAnswers) => params.questions,
      answers: (_, params: MembershipAnswers) => initialAnswers(params.questions, params.answers),
    }),
    change: assign({
      answers: ({ context }, params: { question: string; value: string }) => ({
        ...context.answers,
        [params.question]: params.value,
      }),
      serverErrors: ({ context }, params: { question: string; value: string }) => {
        const { [params.question]: _changed, ...rest } = context.serverErrors;
        return rest;
      },
    }),
    showErrors: assign({ showErrors: true }),
    storeServerErrors: assign({
      serverErrors: (_, params: { error: unknown }) => answerMessages(params.error),
      showErrors: true,
    }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
    finish: assign({ result: ({ context }) => ({ result: 'done' as const, answers: context.answers }) }),
    goBack: assign({ result: { result: 'back' as const } }),
  },
}).createMachine({
  id: 'teamQuestions',
  description:
    "§4 athlete steps, issue 32 point 4: a team's own questions about one athlete, validated by the schema built from the questions.",
  context: ({ input }) => ({
    athleteName: input.athleteName,
    teamName: input.teamName,
    membershipId: input.membershipId,
    athlete: input.athlete ?? null,
    questions: input.questions ?? [],
    answers: initialAnswers(input.questions ?? [], input.answers),
    showErrors: false,
    serverErrors: {},
    errorText: null,
    result: null,
  }),
  output: ({ context }) => context.result ?? { result: 'back' },
  initial: 'start',
  states: {
    start: {
      description:
        '§4 athlete steps (issue 32): a membership (/payments) or an athlete for a licence (the athlete steps): load the answers; questions given: ask at once.',
      always: [{ guard: 'hasHome', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      description:
        "§7 calls (issue 32): GET /api/memberships/{id}/answers or /api/team-questions/athletes/{id}?license_code=, the team's questions, the answers on record, whether they can change.",
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        input: ({ context }) => homeOf(context),
        onDone: [
          {
            guard: { type: 'isChangeable', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'storeAnswers', params: ({ event }) => event.output },
          },
          { target: 'locked', actions: { type: 'storeAnswers', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: '§8 general mapping of the failed load, with Try again and Back.',
      on: { RETRY: 'loading', BACK: { target: 'back', actions: 'goBack' } },
    },
    locked: {
      description: '§9 (issue 32): the season has started; the answers are shown and can no longer be changed.',
      on: { BACK: { target: 'back', actions: 'goBack' } },
    },
    editing: {
      description:
        '§5 validation (issue 32): each question with a labelled input; Continue (or Save answers) checks every answer first.',
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => event } },
        SUBMIT: [
          { guard: 'areAnswersValidToSave', target: 'saving' },
          { guard: 'areAnswersValid', target: 'done', actions: 'finish' },
          { actions: 'showErrors' },
        ],
        BACK: { target: 'back', actions: 'goBack' },
      },
    },
    saving: {
      description:
        '§7 calls (issue 32): PUT /api/memberships/{id}/answers or /api/team-questions/athletes/{id}/answers; the server checks them with the same schema (422 per answer).',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveAnswers',
        src: 'saveAnswers',
        input: ({ context }) => ({ home: homeOf(context), answers: context.answers }),
        onDone: { target: 'done', actions: 'finish' },
        onError: [
          {
            guard: { type: 'hasAnswerErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'storeServerErrors', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    done: {
      description: '§4 athlete steps (issue 32): the answers, valid (and saved where they live), are the output.',
      type: 'final',
    },
    back: { description: '§4 athlete steps (issue 32): back without answers.', type: 'final' },
  },
});
