import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { passwordResetErrors } from '../../domain/password-reset-rules';
import type { PasswordResetActorRef } from '../../machines/password-reset.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { RESET_HEADING, RESET_INTRO } from './password-reset-texts';

type PasswordResetActor = PasswordResetActorRef;

/** §2 reset form (with a token in the query): e-mail, password, confirm password, 'Reset Password'. */
export function ResetForm({ actorRef }: { actorRef: PasswordResetActor }) {
  const snapshot = useSelector(actorRef, (s) => s);
  const form = useForm({ email: snapshot.context.email, password: '', passwordConfirmation: '' }, passwordResetErrors);
  const event = { type: 'RESET_PASSWORD' as const, ...form.values };
  const error = snapshot.matches({ reset: 'failed' }) ? snapshot.context.errorText : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.attemptSubmit() && snapshot.can(event)) actorRef.send(event);
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-describedby="reset-intro">
      <StepHeading>{RESET_HEADING}</StepHeading>
      <p id="reset-intro">{RESET_INTRO}</p>
      {error && <Alert>{error}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" required {...form.bind('password')} />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...form.bind('passwordConfirmation')}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={!snapshot.can(event)}>
          Reset Password
        </button>
      </div>
    </form>
  );
}
