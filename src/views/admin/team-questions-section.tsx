import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { QuestionKind } from '../../domain/team-questions';
import { t as translate } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type AdminQuestionsActorRef,
  adminQuestionsMachine,
  adminQuestionsScreenOf,
} from '../../machines/admin-questions.connect';
import { Alert } from '../common/alert';
import { SelectField, TextField } from '../common/field';
import { RetryAlert } from '../common/retry-alert';

const KIND_LABELS = {
  short_text: 'questions.kindShortText',
  choice: 'questions.kindChoice',
  yes_no: 'questions.kindYesNo',
  date: 'questions.kindDate',
} as const satisfies Record<QuestionKind, string>;

const isKind = (value: string): value is QuestionKind => value in KIND_LABELS;

/**
 * Issue 32 point 4: a team's 'Questions' on the console's set-up page, its own section beside the team form: a
 * disclosure that, opened, loads the team's questions into their editor (admin-questions.machine.ts).
 */
export function TeamQuestionsSection({
  teamId,
  teamName,
  canEdit,
}: {
  teamId: number;
  teamName: string;
  canEdit: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="admin-questions">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('questions.editorFor', { team: teamName })}
        onClick={() => setOpen(!open)}
      >
        {t('questions.editorHeading')}
      </button>
      {open && (
        <div id={panelId}>
          <OpenEditor teamId={teamId} teamName={teamName} canEdit={canEdit} />
        </div>
      )}
    </div>
  );
}

function OpenEditor({ teamId, teamName, canEdit }: { teamId: number; teamName: string; canEdit: boolean }) {
  const actorRef = useActorRef(adminQuestionsMachine, { input: { teamId, canEdit } });
  return <TeamQuestionsEditor actorRef={actorRef} teamName={teamName} />;
}

/** The editor itself, rendered from the machine's state. */
export function TeamQuestionsEditor({ actorRef, teamName }: { actorRef: AdminQuestionsActorRef; teamName: string }) {
  const t = useT();
  const screen = useSelector(actorRef, adminQuestionsScreenOf, shallowEqual);
  const prefix = useId();
  return (
    <section className="admin-questions__editor" aria-label={t('questions.editorFor', { team: teamName })}>
      <p>{t('questions.editorHint')}</p>
      {screen.loading && <p role="status">{t('questions.loading')}</p>}
      {screen.loadFailed && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>
      )}
      {screen.ready && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'SAVE' });
          }}
        >
          {screen.questions.length === 0 && <p>{t('questions.none')}</p>}
          {screen.listError && <Alert>{translate(screen.listError)}</Alert>}
          {screen.errorText && <Alert>{screen.errorText}</Alert>}
          {screen.saved && <Alert tone="success">{t('questions.questionsSaved')}</Alert>}
          <ol className="admin-questions__list">
            {screen.questions.map((question) => {
              const id = `${prefix}-q${question.index}`;
              const edit = <F extends 'prompt' | 'optionsText'>(field: F, value: string) =>
                actorRef.send({ type: 'EDIT', index: question.index, field, value });
              return (
                <li key={`${question.id ?? 'new'}-${question.index}`}>
                  <fieldset className="admin-questions__question">
                    <legend>{t('questions.number', { number: question.number })}</legend>
                    <TextField
                      id={`${id}-prompt`}
                      label={t('questions.prompt')}
                      value={question.prompt}
                      maxLength={200}
                      readOnly={!screen.canEdit}
                      error={question.errors.prompt && translate(question.errors.prompt)}
                      onChange={(event) => edit('prompt', event.target.value)}
                    />
                    <SelectField
                      id={`${id}-kind`}
                      label={t('questions.kind')}
                      value={question.kind}
                      disabled={!screen.canEdit}
                      error={question.errors.kind && translate(question.errors.kind)}
                      onChange={(event) => {
                        const value = event.target.value;
                        if (isKind(value)) actorRef.send({ type: 'EDIT', index: question.index, field: 'kind', value });
                      }}
                    >
                      {(Object.keys(KIND_LABELS) as QuestionKind[]).map((kind) => (
                        <option key={kind} value={kind}>
                          {t(KIND_LABELS[kind])}
                        </option>
                      ))}
                    </SelectField>
                    {question.kind === 'choice' && (
                      <div className="field">
                        <label htmlFor={`${id}-options`}>{t('questions.options')}</label>
                        <textarea
                          id={`${id}-options`}
                          rows={4}
                          value={question.optionsText}
                          readOnly={!screen.canEdit}
                          aria-invalid={question.errors.options ? true : undefined}
                          aria-describedby={question.errors.options ? `${id}-options-error` : undefined}
                          onChange={(event) => edit('optionsText', event.target.value)}
                        />
                        {question.errors.options && (
                          <p id={`${id}-options-error`} className="field-error">
                            {translate(question.errors.options)}
                          </p>
                        )}
                      </div>
                    )}
                    <div className="field field--checkbox">
                      <input
                        id={`${id}-required`}
                        type="checkbox"
                        checked={question.required}
                        disabled={!screen.canEdit}
                        onChange={(event) =>
                          actorRef.send({
                            type: 'EDIT',
                            index: question.index,
                            field: 'required',
                            value: event.target.checked,
                          })
                        }
                      />
                      <label htmlFor={`${id}-required`}>{t('questions.requiredLabel')}</label>
                    </div>
                    {screen.canEdit && (
                      <div className="button-row">
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={!question.canMoveUp}
                          onClick={() => actorRef.send({ type: 'MOVE', index: question.index, by: -1 })}
                        >
                          {t('questions.moveUp', { number: question.number })}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={!question.canMoveDown}
                          onClick={() => actorRef.send({ type: 'MOVE', index: question.index, by: 1 })}
                        >
                          {t('questions.moveDown', { number: question.number })}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => actorRef.send({ type: 'REMOVE', index: question.index })}
                        >
                          {t('questions.remove', { number: question.number })}
                        </button>
                      </div>
                    )}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {screen.saving && <p role="status">{t('questions.saving')}</p>}
          {screen.canEdit && (
            <div className="button-row">
              <button
                type="button"
                className="button button--secondary"
                disabled={!screen.canAdd}
                onClick={() => actorRef.send({ type: 'ADD' })}
              >
                {t('questions.add')}
              </button>
              <button type="submit" className="button" disabled={screen.saving}>
                {t('questions.saveQuestions')}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
