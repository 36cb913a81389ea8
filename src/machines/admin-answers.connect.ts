/** The views' window on admin-answers.machine.ts (issue 32 point 4): the disclosure's state and the answers' rows. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adminAnswersMachine } from './admin-answers.machine';
import { disclosureOf } from './disclosure.connect';

export { adminAnswersMachine } from './admin-answers.machine';
export type AdminAnswersActorRef = ActorRefFrom<typeof adminAnswersMachine>;

/** One row: the club's question and the answer ('yes'/'no' as words of the catalogue, none: null). */
export interface AnswerRow {
  id: number;
  prompt: string;
  answer: { text: string } | { key: 'questions.yes' | 'questions.no' } | null;
}

export function adminAnswersScreenOf(snapshot: SnapshotFrom<typeof adminAnswersMachine>) {
  const { answers } = snapshot.context;
  const rows: AnswerRow[] = (answers?.questions ?? []).map((question) => {
    const value = answers?.answers[String(question.id)] ?? '';
    const answer =
      value === ''
        ? null
        : question.kind === 'yes_no'
          ? { key: value === 'yes' ? ('questions.yes' as const) : ('questions.no' as const) }
          : { text: value };
    return { id: question.id, prompt: question.prompt, answer };
  });
  return { ...disclosureOf(snapshot), rows };
}
