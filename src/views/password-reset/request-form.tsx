import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { resetRequestSchema } from '../../domain/forms/password-reset';
import { useT } from '../../i18n/use-t';
import {
  canRequest,
  type PasswordResetActorRef,
  requestFormStart,
  requestFormView,
} from '../../machines/password-reset.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';

/** §2 request form: the account's e-mail and 'Submit'. Shown while the request runs, so typed values stay. */
export function RequestForm({ actorRef }: { actorRef: PasswordResetActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, requestFormView, shallowEqual);
  const [start] = useState(() => requestFormStart(actorRef.getSnapshot()));
  const form = useForm(start, resetRequestSchema);
  // The machine guards SUBMIT with the same schema.
  const event = { type: 'SUBMIT' as const, values: form.values };
  const canSubmit = useSelector(actorRef, (snapshot) => canRequest(snapshot, form.values));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.attemptSubmit() && canSubmit) actorRef.send(event);
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-busy={view.busy} aria-describedby="request-intro">
      <StepHeading>{t('reset.requestHeading')}</StepHeading>
      <p id="request-intro">{t('reset.requestIntro')}</p>
      {view.error && <Alert>{view.error}</Alert>}
      <TextField label={t('reset.email')} type="email" autoComplete="email" required {...form.bind('email')} />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          {t('reset.submit')}
        </button>
      </div>
    </form>
  );
}
