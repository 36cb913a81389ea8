/**
 * 'Request financial assistance' (issue 34 point 1): the share of the dues (25, 50, 75 or 100 %), the optional school
 * meals box, a short reason and 'Send request', rendered from assistance-request.connect.ts. Loaded lazily with its
 * machine (src/routes/payment.page.tsx): a first visit to /payment does not fetch it.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import {
  type AssistanceRequestActorRef,
  type AssistanceRequestValues,
  assistanceRequestFormSchema,
  assistanceRequestView,
  SHARE_CHOICES,
} from '../../machines/assistance-request.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';

export function AssistanceRequestView({ actorRef }: { actorRef: AssistanceRequestActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, assistanceRequestView);
  const form = useForm<AssistanceRequestValues>(view.values, assistanceRequestFormSchema);
  const shareErrorId = useId();
  const reasonId = useId();
  const shareError = form.visibleError('share_percent') ?? view.fieldErrors.share_percent?.[0];
  const reason = form.bind('reason');
  const reasonError = reason.error ?? view.fieldErrors.reason?.[0];
  return (
    <>
      <StepHeading>{t('helpPaying.title')}</StepHeading>
      <p>{t('helpPaying.intro', { organization: view.organization })}</p>
      {view.error !== null && <Alert>{view.error}</Alert>}
      <form
        noValidate
        className="assistance-form"
        aria-busy={view.sending}
        onSubmit={(event) => {
          event.preventDefault();
          if (form.attemptSubmit()) actorRef.send({ type: 'SEND', values: form.values });
        }}
      >
        <fieldset
          className="assistance-form__shares"
          aria-invalid={shareError ? true : undefined}
          aria-describedby={shareError ? shareErrorId : undefined}
        >
          <legend>{t('helpPaying.share')}</legend>
          {SHARE_CHOICES.map((percent) => (
            <label key={percent} className="assistance-form__share">
              <input
                type="radio"
                name="share_percent"
                value={String(percent)}
                checked={form.values.share_percent === String(percent)}
                disabled={view.sending}
                onChange={() => form.set('share_percent', String(percent))}
              />{' '}
              {t('helpPaying.sharePercent', { percent })}
            </label>
          ))}
          {shareError && (
            <p id={shareErrorId} className="field-error">
              {shareError}
            </p>
          )}
        </fieldset>
        <label className="assistance-form__meals">
          <input
            type="checkbox"
            checked={form.values.free_or_reduced_meals === 'yes'}
            disabled={view.sending}
            onChange={(event) => form.set('free_or_reduced_meals', event.target.checked ? 'yes' : '')}
          />{' '}
          {t('helpPaying.freeMeals')} <span className="field-optional">{t('helpPaying.optional')}</span>
        </label>
        <div className="field">
          <label htmlFor={reasonId}>{t('helpPaying.reason')}</label>
          {/* maxLength counts UTF-16 units: room for the 500 characters of emoji the form takes, and a few more so
              its own message shows. */}
          <textarea
            id={reasonId}
            rows={4}
            maxLength={1100}
            value={reason.value}
            onChange={reason.onChange}
            onBlur={reason.onBlur}
            disabled={view.sending}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${reasonId}-hint${reasonError ? ` ${reasonId}-error` : ''}`}
          />
          <p id={`${reasonId}-hint`} className="field-hint">
            {t('helpPaying.reasonHint')}
          </p>
          {reasonError && (
            <p id={`${reasonId}-error`} className="field-error">
              {reasonError}
            </p>
          )}
        </div>
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={view.sending}
            onClick={() => actorRef.send({ type: 'BACK' })}
          >
            {t('helpPaying.back')}
          </button>
          <button type="submit" className="button" disabled={view.sending}>
            {view.sending ? t('helpPaying.sending') : t('helpPaying.send')}
          </button>
        </div>
      </form>
    </>
  );
}
