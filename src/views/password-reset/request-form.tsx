import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { resetRequestErrors } from '../../domain/password-reset-rules';
import type { PasswordResetActorRef } from '../../machines/password-reset.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { REQUEST_HEADING, REQUEST_INTRO } from './password-reset-texts';

type PasswordResetActor = PasswordResetActorRef;

/** §2 request form: the account's e-mail and 'Submit'. Shown while the request runs, so typed values stay. */
export function RequestForm({ actorRef }: { actorRef: PasswordResetActor }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const form = useForm({ email: snapshot.context.email }, resetRequestErrors);
  const event = { type: 'SUBMIT' as const, email: form.values.email };
  const error = snapshot.matches({ request: 'failed' }) ? snapshot.context.errorText : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.attemptSubmit() && snapshot.can(event)) actorRef.send(event);
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-describedby="request-intro">
      <StepHeading>{REQUEST_HEADING}</StepHeading>
      <p id="request-intro">{REQUEST_INTRO}</p>
      {error && <Alert>{error}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
      <div className="button-row">
        <button type="submit" className="button" disabled={!snapshot.can(event)}>
          Submit
        </button>
      </div>
    </form>
  );
}
