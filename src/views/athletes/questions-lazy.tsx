import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { loadGroups } from '../../i18n/runtime';
import { type AthleteStepsActorRef, questionsActorOf } from '../../machines/athlete-steps.connect';

/**
 * Issue 32 point 4: the team's own questions in the athlete steps (the questions step, src/views/questions/), loaded
 * only when a team with questions reaches them, with its `questions` texts in the language in use: a team without
 * questions loads nothing more than before.
 */
const TeamQuestionsStep = lazy(() =>
  Promise.all([import('../questions/team-questions-step'), loadGroups(['questions'])]).then(([module]) => ({
    default: module.TeamQuestionsStep,
  })),
);

export function LazyQuestionsStep({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  const questions = useSelector(actorRef, questionsActorOf);
  if (questions === undefined) return null;
  return (
    <Suspense fallback={null}>
      <TeamQuestionsStep actorRef={questions} level={1} />
    </Suspense>
  );
}
