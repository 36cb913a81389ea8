import './questions.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { t as translate } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type AnswerError,
  type QuestionField,
  type TeamQuestionsActorRef,
  teamQuestionsScreenOf,
} from '../../machines/team-questions.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';

/**
 * Issue 32 point 4: the questions step (team-questions.machine.ts), in the athlete steps and behind /payments'
 * 'Change answers'. Each question is a labelled control (a text box, a list of options, Yes/No radios, a date);
 * its error is tied to it (aria-describedby, aria-invalid) and, after a refused Continue, announced in one alert.
 */
export function TeamQuestionsStep({ actorRef, level = 2 }: { actorRef: TeamQuestionsActorRef; level?: 1 | 2 }) {
  const t = useT();
  const screen = useSelector(actorRef, teamQuestionsScreenOf, shallowEqual);
  const back = (
    <button
      type="button"
      className="button button--secondary"
      disabled={!screen.canBack}
      onClick={() => actorRef.send({ type: 'BACK' })}
    >
      {t('questions.back')}
    </button>
  );
  return (
    <section className="team-questions">
      {/* A new screen of the step (loaded, failed, locked) mounts the heading again: focus moves to it. */}
      <StepHeading key={screen.phase} level={level}>
        {t('questions.heading', { team: screen.teamName })}
      </StepHeading>
      {screen.loading && <p role="status">{t('questions.loading')}</p>}
      {screen.loadFailed && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })} actions={back}>
          {screen.errorText}
        </RetryAlert>
      )}
      {screen.locked && (
        <>
          <Alert tone="info">{t('questions.seasonStarted')}</Alert>
          <AnswerList fields={screen.fields} />
          <div className="button-row">{back}</div>
        </>
      )}
      {screen.editing && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'SUBMIT' });
          }}
        >
          <p>{t('questions.intro', { athlete: screen.athleteName })}</p>
          {screen.hasErrors && <Alert>{t('questions.checkAnswers')}</Alert>}
          {screen.errorText && <Alert>{screen.errorText}</Alert>}
          {screen.fields.map((field) => (
            <QuestionControl
              key={field.name}
              field={field}
              onChange={(value) => actorRef.send({ type: 'CHANGE', question: field.name, value })}
            />
          ))}
          {screen.saving && <p role="status">{t('questions.saving')}</p>}
          <div className="button-row">
            <button type="submit" className="button" disabled={!screen.canSubmit}>
              {screen.saves ? t('questions.save') : t('questions.continue')}
            </button>
            {back}
          </div>
        </form>
      )}
    </section>
  );
}

function errorText(error: AnswerError): string {
  return 'key' in error ? translate(error.key) : error.text;
}

function QuestionControl({ field, onChange }: { field: QuestionField; onChange: (value: string) => void }) {
  const t = useT();
  const id = `question-${field.name}`;
  const errorId = field.error ? `${id}-error` : undefined;
  const hintId = field.kind === 'short_text' || field.kind === 'date' ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const mark = field.required ? t('questions.required') : t('questions.optional');
  const label = (
    <>
      {field.prompt} <span className="team-questions__mark">{mark}</span>
    </>
  );
  const aria = { 'aria-invalid': field.error ? true : undefined, 'aria-describedby': describedBy };
  const hint = hintId && (
    <p id={hintId} className="field-hint">
      {field.kind === 'date' ? t('questions.dateHint') : t('questions.textHint')}
    </p>
  );
  const error = field.error && (
    <p id={errorId} className="field-error">
      {errorText(field.error)}
    </p>
  );
  if (field.kind === 'yes_no') {
    return (
      <fieldset className="field team-questions__choices" {...aria}>
        <legend>{label}</legend>
        {(['yes', 'no'] as const).map((value) => (
          <label key={value} className="team-questions__radio">
            <input
              type="radio"
              name={id}
              value={value}
              checked={field.value === value}
              onChange={() => onChange(value)}
            />
            {value === 'yes' ? t('questions.yes') : t('questions.no')}
          </label>
        ))}
        {error}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.kind === 'choice' ? (
        <select id={id} value={field.value} onChange={(event) => onChange(event.target.value)} {...aria}>
          <option value="">{t('questions.choose')}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={field.kind === 'date' ? 'date' : 'text'}
          value={field.value}
          maxLength={field.kind === 'short_text' ? 200 : undefined}
          onChange={(event) => onChange(event.target.value)}
          {...aria}
        />
      )}
      {hint}
      {error}
    </div>
  );
}

/** The answers as a list (the season has started: read only). */
function AnswerList({ fields }: { fields: readonly QuestionField[] }) {
  const t = useT();
  return (
    <dl className="team-questions__answers">
      {fields.map((field) => (
        <div key={field.name}>
          <dt>{field.prompt}</dt>
          <dd>{answerText(field, t)}</dd>
        </div>
      ))}
    </dl>
  );
}

function answerText(field: QuestionField, t: ReturnType<typeof useT>): string {
  if (field.value === '') return t('questions.noAnswer');
  if (field.kind === 'yes_no') return field.value === 'yes' ? t('questions.yes') : t('questions.no');
  return field.value;
}
