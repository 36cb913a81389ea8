/**
 * The views' window on team-questions.machine.ts (issue 32 point 4): the actor and snapshot types, and the screen the
 * questions step shows, derived here so the view computes no rule: each question's field (its kind, options, value,
 * required mark) and the error it shows (the shared schema's catalogue key, or the server's text as it came).
 * Views import the machine only through this module.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FormMessage } from '../domain/form-schema';
import { answerErrors, answerKey, type QuestionKind } from '../domain/team-questions';
import type { teamQuestionsMachine } from './team-questions.machine';

export type TeamQuestionsActorRef = ActorRefFrom<typeof teamQuestionsMachine>;
export type TeamQuestionsSnapshot = SnapshotFrom<typeof teamQuestionsMachine>;
export type { TeamQuestionsInput, TeamQuestionsOutput } from './team-questions.machine';
export { teamQuestionsMachine } from './team-questions.machine';

/** A field's error: a catalogue key of the `questions` group, or a text the server wrote. */
export type AnswerError = { key: FormMessage } | { text: string };

export interface QuestionField {
  /** The answer's key (the question's id). */
  name: string;
  kind: QuestionKind;
  /** The club's own text, shown as typed. */
  prompt: string;
  options: readonly string[];
  required: boolean;
  value: string;
  error: AnswerError | null;
}

/** What the questions step shows. */
export function teamQuestionsScreenOf(snapshot: TeamQuestionsSnapshot) {
  const { context } = snapshot;
  const errors = context.showErrors ? answerErrors(context.questions, context.answers) : {};
  const fields: QuestionField[] = context.questions.map((question) => {
    const name = answerKey(question);
    const server = context.serverErrors[name];
    const own = errors[name];
    return {
      name,
      kind: question.kind,
      prompt: question.prompt,
      options: question.options,
      required: question.required,
      value: context.answers[name] ?? '',
      error: own ? { key: own } : server ? { text: server } : null,
    };
  });
  return {
    athleteName: context.athleteName,
    teamName: context.teamName,
    /** /payments saves (Save answers); the athlete steps go on (Continue). */
    saves: context.membershipId !== null,
    loading: snapshot.matches('loading') || snapshot.matches('start'),
    loadFailed: snapshot.matches('loadFailed'),
    locked: snapshot.matches('locked'),
    editing: snapshot.matches('editing') || snapshot.matches('saving'),
    saving: snapshot.matches('saving'),
    /** Which screen of the step shows: a new one moves focus to the heading. */
    phase: snapshot.matches('loadFailed')
      ? 'failed'
      : snapshot.matches('locked')
        ? 'locked'
        : snapshot.matches('loading') || snapshot.matches('start')
          ? 'loading'
          : 'form',
    fields,
    hasErrors: fields.some((field) => field.error !== null),
    errorText: context.errorText,
    canSubmit: snapshot.can({ type: 'SUBMIT' }),
    canBack: snapshot.can({ type: 'BACK' }),
  };
}
export type TeamQuestionsScreen = ReturnType<typeof teamQuestionsScreenOf>;
