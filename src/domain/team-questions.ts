import { z } from 'zod/mini';
import { isIsoDate } from './dates.ts';
import type { FormMessage } from './form-schema.ts';

/**
 * Issue 32 point 4, the club's own questions: what a team asks a family about an athlete (a jersey size, an allergy),
 * and the one schema that validates the answers, built from the team's questions. The site validates the questions
 * step with it (src/machines/team-questions.machine.ts) and the server validates the same answers with it at checkout
 * and when a family changes them (server/services/team-questions.ts), answering 422 on `answers.<question id>`.
 *
 * A question's prompt and options are the club's own text, stored and shown as the owner typed them; every label,
 * hint and error around them is a catalogue key of the shared `questions` group (src/i18n/catalogues/<locale>/
 * questions.json, compiled for the server too).
 *
 * Every answer is a string on the wire and in the database: a short text as typed (trimmed), a choice as the option's
 * text, yes/no as 'yes' or 'no', a date as `YYYY-MM-DD`; '' (or no key) is no answer, allowed only when the question
 * is optional.
 */

export const QUESTION_KINDS = ['short_text', 'choice', 'yes_no', 'date'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const YES_NO = ['yes', 'no'] as const;

/** A short text answer holds at most this many characters. */
export const ANSWER_MAX_LENGTH = 200;
export const PROMPT_MAX_LENGTH = 200;
export const OPTION_MAX_LENGTH = 60;
export const OPTIONS_MAX = 20;
/** A team asks at most this many questions. */
export const QUESTIONS_MAX = 20;

export interface TeamQuestion {
  id: number;
  kind: QuestionKind;
  prompt: string;
  /** The choices of a `choice` question, in the owner's order; [] for the other kinds. */
  options: string[];
  required: boolean;
}

/** Answers by question id (as a string key: a form's values, a JSON object's keys). */
export type TeamAnswers = Record<string, string>;

export const ANSWER_REQUIRED = 'questions.answerRequired' satisfies FormMessage;
export const ANSWER_CHOICE = 'questions.answerChoice' satisfies FormMessage;
export const ANSWER_YES_NO = 'questions.answerYesNo' satisfies FormMessage;
export const ANSWER_DATE = 'questions.answerDate' satisfies FormMessage;
export const ANSWER_TOO_LONG = 'questions.answerTooLong' satisfies FormMessage;
export const ANSWER_TEXT = 'questions.answerText' satisfies FormMessage;

/** The form field (and JSON key) of a question's answer. */
export const answerKey = (question: Pick<TeamQuestion, 'id'>): string => String(question.id);

/** The check of one answer: null when it is fine, else the catalogue key of what is wrong. */
export function answerProblem(question: TeamQuestion, value: unknown): FormMessage | null {
  if (value === undefined || value === null) return question.required ? ANSWER_REQUIRED : null;
  if (typeof value !== 'string') return ANSWER_TEXT;
  const answer = value.trim();
  if (answer === '') return question.required ? ANSWER_REQUIRED : null;
  switch (question.kind) {
    case 'short_text':
      return answer.length > ANSWER_MAX_LENGTH ? ANSWER_TOO_LONG : null;
    case 'choice':
      return question.options.includes(answer) ? null : ANSWER_CHOICE;
    case 'yes_no':
      return (YES_NO as readonly string[]).includes(answer) ? null : ANSWER_YES_NO;
    case 'date':
      return isIsoDate(answer) ? null : ANSWER_DATE;
  }
}

/**
 * The schema of a team's answers: one field per question, keyed by its id, each checked by its kind (required, a
 * choice among the options, yes or no, a real date, a short text's length). Its output keeps only the team's
 * questions, each trimmed ('' for an optional question left unanswered).
 */
export function teamAnswersSchema(questions: readonly TeamQuestion[]): z.ZodMiniType<TeamAnswers, unknown> {
  return z.pipe(
    z.record(z.string(), z.unknown()).check(
      z.superRefine((answers, context) => {
        for (const question of questions) {
          const problem = answerProblem(question, answers[answerKey(question)]);
          if (problem)
            context.addIssue({ code: 'custom', message: problem, path: [answerKey(question)], input: answers });
        }
      }),
    ),
    z.transform((answers): TeamAnswers => {
      const out: TeamAnswers = {};
      for (const question of questions) {
        const value = answers[answerKey(question)];
        out[answerKey(question)] = typeof value === 'string' ? value.trim() : '';
      }
      return out;
    }),
  );
}

/** The first problem of each answer, by question id: what the questions step shows under each field. */
export function answerErrors(questions: readonly TeamQuestion[], answers: TeamAnswers): Record<string, FormMessage> {
  const errors: Record<string, FormMessage> = {};
  for (const question of questions) {
    const problem = answerProblem(question, answers[answerKey(question)]);
    if (problem) errors[answerKey(question)] = problem;
  }
  return errors;
}

/** Whether every answer passes: the questions step's submit guard. */
export function areAnswersValid(questions: readonly TeamQuestion[], answers: TeamAnswers): boolean {
  return Object.keys(answerErrors(questions, answers)).length === 0;
}

/** The form's starting values: the stored answers where there are, '' elsewhere. */
export function initialAnswers(questions: readonly TeamQuestion[], stored: TeamAnswers = {}): TeamAnswers {
  return Object.fromEntries(questions.map((question) => [answerKey(question), stored[answerKey(question)] ?? '']));
}

/** Whether a team's questions need an answer before checkout. */
export const hasRequiredQuestions = (questions: readonly TeamQuestion[]) => questions.some((q) => q.required);

// The owner's question editor (the console's team form, 'Questions'): PUT /api/admin/teams/{id}/questions.

export const PROMPT_REQUIRED = 'questions.promptRequired' satisfies FormMessage;
export const PROMPT_TOO_LONG = 'questions.promptTooLong' satisfies FormMessage;
export const KIND_INVALID = 'questions.kindInvalid' satisfies FormMessage;
export const OPTIONS_REQUIRED = 'questions.optionsRequired' satisfies FormMessage;
export const OPTIONS_INVALID = 'questions.optionsInvalid' satisfies FormMessage;
export const TOO_MANY_QUESTIONS = 'questions.tooMany' satisfies FormMessage;

/** The options of a choice question as the owner types them: one per line. */
export function optionsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export const questionDraftSchema = z
  .object({
    /** The question's id when it is stored already; null for a new one. */
    id: z.nullable(z.number().check(z.int(), z.positive())),
    kind: z.enum(QUESTION_KINDS, { error: KIND_INVALID }),
    prompt: z
      .string({ error: PROMPT_REQUIRED })
      .check(
        z.trim(),
        z.minLength(1, { error: PROMPT_REQUIRED }),
        z.maxLength(PROMPT_MAX_LENGTH, { error: PROMPT_TOO_LONG }),
      ),
    options: z.array(z.string({ error: OPTIONS_INVALID }).check(z.trim()), { error: OPTIONS_INVALID }),
    required: z.boolean(),
  })
  .check(
    z.superRefine((question, context) => {
      if (question.kind !== 'choice') return;
      const options = question.options.filter((option) => option !== '');
      if (options.length < 2) {
        context.addIssue({ code: 'custom', message: OPTIONS_REQUIRED, path: ['options'], input: question });
      } else if (
        options.length > OPTIONS_MAX ||
        new Set(options).size !== options.length ||
        options.some((option) => option.length > OPTION_MAX_LENGTH)
      ) {
        context.addIssue({ code: 'custom', message: OPTIONS_INVALID, path: ['options'], input: question });
      }
    }),
  );
export type QuestionDraft = z.output<typeof questionDraftSchema>;

/** The whole list, in the order asked: stored ids kept (edited), ids left out removed, new ones (id null) added. */
export const teamQuestionsBodySchema = z.object({
  questions: z.array(questionDraftSchema).check(z.maxLength(QUESTIONS_MAX, { error: TOO_MANY_QUESTIONS })),
});
export type TeamQuestionsBody = z.output<typeof teamQuestionsBodySchema>;

/** What a stored question keeps of a draft: options only for a choice, each trimmed and non-empty. */
export function normalizedDraft(draft: QuestionDraft): Omit<QuestionDraft, 'id'> {
  return {
    kind: draft.kind,
    prompt: draft.prompt,
    options: draft.kind === 'choice' ? draft.options.filter((option) => option !== '') : [],
    required: draft.required,
  };
}

/** A team's question as the wire gives it (GET/PUT questions, quote lines, membership answers). */
export const teamQuestionSchema = z.object({
  id: z.number(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
});
