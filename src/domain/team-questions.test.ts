import { describe, expect, it } from 'vitest';
import {
  ANSWER_CHOICE,
  ANSWER_DATE,
  ANSWER_REQUIRED,
  ANSWER_TOO_LONG,
  ANSWER_YES_NO,
  answerErrors,
  areAnswersValid,
  initialAnswers,
  OPTIONS_REQUIRED,
  PROMPT_REQUIRED,
  type TeamQuestion,
  teamAnswersSchema,
  teamQuestionsBodySchema,
} from './team-questions.ts';

const jersey: TeamQuestion = {
  id: 1,
  kind: 'choice',
  prompt: 'Jersey size',
  options: ['YS', 'YM', 'YL', 'AS', 'AM'],
  required: true,
};
const notes: TeamQuestion = {
  id: 2,
  kind: 'short_text',
  prompt: 'Allergies or medical notes',
  options: [],
  required: false,
};
const glasses: TeamQuestion = { id: 3, kind: 'yes_no', prompt: 'Wears glasses?', options: [], required: true };
const physical: TeamQuestion = { id: 4, kind: 'date', prompt: 'Last physical', options: [], required: false };
const all = [jersey, notes, glasses, physical];

const issuesOf = (questions: TeamQuestion[], answers: unknown) => {
  const result = teamAnswersSchema(questions).safeParse(answers);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe("the team's answers schema (src/domain/team-questions.ts)", () => {
  it('passes every kind answered, trimmed, keeping only the questions asked', () => {
    const result = teamAnswersSchema(all).parse({ 1: 'YM', 2: '  peanuts ', 3: 'no', 4: '2027-02-28', 99: 'x' });
    expect(result).toEqual({ 1: 'YM', 2: 'peanuts', 3: 'no', 4: '2027-02-28' });
  });
  it('needs a required answer and lets an optional one be left empty', () => {
    expect(issuesOf(all, {})).toEqual({ 1: ANSWER_REQUIRED, 3: ANSWER_REQUIRED });
    expect(issuesOf(all, { 1: '  ', 3: '' })).toEqual({ 1: ANSWER_REQUIRED, 3: ANSWER_REQUIRED });
    expect(teamAnswersSchema(all).parse({ 1: 'YS', 3: 'yes' })).toEqual({ 1: 'YS', 2: '', 3: 'yes', 4: '' });
  });
  it('refuses a choice that is not an option (case counts)', () => {
    expect(issuesOf([jersey], { 1: 'XL' })).toEqual({ 1: ANSWER_CHOICE });
    expect(issuesOf([jersey], { 1: 'ym' })).toEqual({ 1: ANSWER_CHOICE });
  });
  it('takes yes or no only for a yes/no question', () => {
    expect(issuesOf([glasses], { 3: 'maybe' })).toEqual({ 3: ANSWER_YES_NO });
    expect(issuesOf([glasses], { 3: true })).toEqual({ 3: 'questions.answerText' });
  });
  it('takes only a real date', () => {
    expect(issuesOf([physical], { 4: '2027-02-30' })).toEqual({ 4: ANSWER_DATE });
    expect(issuesOf([physical], { 4: '02/03/2027' })).toEqual({ 4: ANSWER_DATE });
    expect(issuesOf([physical], { 4: '2028-02-29' })).toEqual({});
  });
  it('limits a short text to 200 characters', () => {
    expect(issuesOf([notes], { 2: 'a'.repeat(200) })).toEqual({});
    expect(issuesOf([notes], { 2: 'a'.repeat(201) })).toEqual({ 2: ANSWER_TOO_LONG });
  });
  it('refuses a body that is not an object', () => {
    expect(teamAnswersSchema(all).safeParse('YM').success).toBe(false);
  });
  it('gives the form its errors, validity and starting values', () => {
    expect(answerErrors(all, initialAnswers(all))).toEqual({ 1: ANSWER_REQUIRED, 3: ANSWER_REQUIRED });
    expect(areAnswersValid(all, initialAnswers(all, { 1: 'AS', 3: 'yes' }))).toBe(true);
    expect(initialAnswers([jersey, notes], { 1: 'YL' })).toEqual({ 1: 'YL', 2: '' });
  });
  it('a team without questions accepts anything as no answers', () => {
    expect(teamAnswersSchema([]).parse({})).toEqual({});
  });
});

describe("the owner's question list", () => {
  const question = { id: null, kind: 'short_text', prompt: 'Nickname', options: [], required: false };
  it('takes the four kinds, in order', () => {
    const body = {
      questions: [
        question,
        { ...question, kind: 'choice', options: ['S', 'M'] },
        { ...question, kind: 'yes_no' },
        { ...question, kind: 'date', id: 4 },
      ],
    };
    expect(teamQuestionsBodySchema.parse(body).questions.map((q) => q.kind)).toEqual([
      'short_text',
      'choice',
      'yes_no',
      'date',
    ]);
  });
  it('needs a prompt, a known kind and two different options for a choice', () => {
    const messages = (q: unknown) =>
      (teamQuestionsBodySchema.safeParse({ questions: [q] }).error?.issues ?? []).map((i) => i.message);
    expect(messages({ ...question, prompt: '  ' })).toEqual([PROMPT_REQUIRED]);
    expect(messages({ ...question, kind: 'essay' })).toEqual(['questions.kindInvalid']);
    expect(messages({ ...question, kind: 'choice', options: ['S'] })).toEqual([OPTIONS_REQUIRED]);
    expect(messages({ ...question, kind: 'choice', options: ['S', 'S'] })).toEqual(['questions.optionsInvalid']);
  });
  it('holds at most 20 questions', () => {
    expect(teamQuestionsBodySchema.safeParse({ questions: Array(21).fill(question) }).success).toBe(false);
  });
});
