/**
 * The views' window on admin-questions.machine.ts (issue 32 point 4, the console's 'Questions' of a team): the actor
 * type and what the editor shows, each question's errors from the schema the server validates with (catalogue keys
 * of the `questions` group). Views import the machine only through this module.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FormMessage } from '../domain/form-schema';
import { isFormMessage } from '../domain/form-schema';
import { QUESTIONS_MAX, teamQuestionsBodySchema } from '../domain/team-questions';
import { type adminQuestionsMachine, bodyOf } from './admin-questions.machine';

export type { QuestionDraftValues } from './admin-questions.machine';
export { adminQuestionsMachine } from './admin-questions.machine';
export type AdminQuestionsActorRef = ActorRefFrom<typeof adminQuestionsMachine>;
export type AdminQuestionsSnapshot = SnapshotFrom<typeof adminQuestionsMachine>;

type DraftErrors = { prompt?: FormMessage; options?: FormMessage; kind?: FormMessage };

function draftErrors(snapshot: AdminQuestionsSnapshot): { list: FormMessage | null; drafts: DraftErrors[] } {
  const drafts: DraftErrors[] = snapshot.context.drafts.map(() => ({}));
  let list: FormMessage | null = null;
  if (!snapshot.context.showErrors) return { list, drafts };
  const result = teamQuestionsBodySchema.safeParse(bodyOf(snapshot.context.drafts));
  for (const issue of result.error?.issues ?? []) {
    const [, index, field] = issue.path;
    if (!isFormMessage(issue.message)) continue;
    const errors = typeof index === 'number' ? drafts[index] : undefined;
    if (!errors) list ??= issue.message;
    else if ((field === 'prompt' || field === 'options' || field === 'kind') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return { list, drafts };
}

/** What the 'Questions' section of a team shows. */
export function adminQuestionsScreenOf(snapshot: AdminQuestionsSnapshot) {
  const { context } = snapshot;
  const errors = draftErrors(snapshot);
  return {
    loading: snapshot.matches('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    ready: snapshot.matches('editing') || snapshot.matches('saving'),
    saving: snapshot.matches('saving'),
    saved: context.saved,
    canEdit: context.canEdit,
    errorText: context.errorText,
    listError: errors.list,
    canAdd: context.canEdit && context.drafts.length < QUESTIONS_MAX,
    questions: context.drafts.map((draft, index) => ({
      ...draft,
      index,
      number: index + 1,
      canMoveUp: context.canEdit && index > 0,
      canMoveDown: context.canEdit && index < context.drafts.length - 1,
      errors: errors.drafts[index] ?? {},
    })),
  };
}
export type AdminQuestionsScreen = ReturnType<typeof adminQuestionsScreenOf>;
