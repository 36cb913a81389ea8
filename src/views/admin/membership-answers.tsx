import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import {
  type AdminAnswersActorRef,
  adminAnswersMachine,
  adminAnswersScreenOf,
} from '../../machines/admin-answers.connect';
import { RetryAlert } from '../common/retry-alert';

/** Issue 32 point 4: a membership's 'Answers' on the roster and the membership page, its own actor per membership. */
export function MembershipAnswers({ membershipId, athlete }: { membershipId: number; athlete: string }) {
  const actorRef = useActorRef(adminAnswersMachine, { input: { membershipId } });
  return <MembershipAnswersView actorRef={actorRef} athlete={athlete} />;
}

export function MembershipAnswersView({ actorRef, athlete }: { actorRef: AdminAnswersActorRef; athlete: string }) {
  const t = useT();
  const screen = useSelector(actorRef, adminAnswersScreenOf, shallowEqual);
  const panelId = useId();
  return (
    <div className="membership-answers">
      <button
        type="button"
        className="button button--link"
        aria-expanded={screen.open}
        aria-controls={panelId}
        aria-label={t('questions.answersOf', { athlete })}
        onClick={() => actorRef.send({ type: screen.open ? 'CLOSE' : 'OPEN' })}
      >
        {t('questions.answers')}
      </button>
      <div id={panelId}>
        {screen.loading && <p role="status">{t('questions.loading')}</p>}
        {screen.failed && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>}
        {screen.shown && screen.rows.length === 0 && <p>{t('questions.none')}</p>}
        {screen.shown && screen.rows.length > 0 && (
          <dl className="membership-answers__list">
            {screen.rows.map((row) => (
              <div key={row.id}>
                <dt>{row.prompt}</dt>
                <dd>
                  {row.answer === null
                    ? t('questions.noAnswer')
                    : 'key' in row.answer
                      ? t(row.answer.key)
                      : row.answer.text}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}
