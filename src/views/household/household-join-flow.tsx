import './household.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, type MouseEvent, type ReactNode, useState } from 'react';
import { loginSchema } from '../../domain/forms/login';
import {
  accountFormStart,
  canSubmitAccount,
  canSubmitLogin,
  type HouseholdJoinActorRef,
  householdJoinView,
  JOIN_TEXTS,
  loginFormStart,
  PAYMENTS_HREF,
} from '../../machines/household-join.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { GuardianAccountFields, useGuardianForm } from '../register/guardian-account-fields';

/** /household/join (issue 20 point 4), rendered from the household-join machine's state. */
export function HouseholdJoinFlow({ actorRef }: { actorRef: HouseholdJoinActorRef }) {
  const view = useSelector(actorRef, householdJoinView, shallowEqual);
  const join = () => actorRef.send({ type: 'JOIN' });
  let screen: ReactNode = null;
  if (view.screen === 'loading') {
    screen = <p role="status">{JOIN_TEXTS.loading}</p>;
  } else if (view.screen === 'invalid') {
    screen = <Alert>{view.error}</Alert>;
  } else if (view.screen === 'choose') {
    screen = (
      <>
        <p>{view.invitedText}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'LOG_IN' })}>
            {JOIN_TEXTS.logIn}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => actorRef.send({ type: 'CREATE_ACCOUNT' })}
          >
            {JOIN_TEXTS.createAccount}
          </button>
        </div>
      </>
    );
  } else if (view.screen === 'loggedIn') {
    screen = (
      <>
        <p>{view.invitedText}</p>
        <p>{view.loggedInText}</p>
        <div className="button-row">
          <button type="button" className="button" disabled={!view.canJoin} onClick={join}>
            {JOIN_TEXTS.join}
          </button>
        </div>
      </>
    );
  } else if (view.screen === 'logIn') {
    screen = <JoinLoginForm actorRef={actorRef} />;
  } else if (view.screen === 'createAccount') {
    screen = <JoinAccountForm actorRef={actorRef} />;
  } else if (view.screen === 'accepting') {
    screen = <p role="status">{JOIN_TEXTS.joining}</p>;
  } else if (view.screen === 'acceptFailed') {
    screen = <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>;
  } else if (view.screen === 'joined') {
    const seePayments = (event: MouseEvent) => {
      // A real link (it opens in a new tab too); in this tab the machine hands over and the route navigates.
      event.preventDefault();
      actorRef.send({ type: 'SEE_PAYMENTS' });
    };
    screen = (
      <>
        <Alert tone="success">{view.joinedText}</Alert>
        <p>
          <a className="button" href={PAYMENTS_HREF} onClick={seePayments}>
            {JOIN_TEXTS.seePayments}
          </a>
        </p>
      </>
    );
  }
  return (
    <Page>
      <section className="card household">
        <StepHeading>{JOIN_TEXTS.heading}</StepHeading>
        {screen}
      </section>
    </Page>
  );
}

/**
 * The frame of the invitee's two forms: who invited them, the form's heading and its §8 error above the fields, then
 * the submit button and 'Back'. A submit shows every field error; it reaches the machine only when it would take it.
 */
function JoinForm({
  actorRef,
  heading,
  submitLabel,
  form,
  canSubmit,
  onSubmit,
  children,
}: {
  actorRef: HouseholdJoinActorRef;
  heading: string;
  submitLabel: string;
  form: { attemptSubmit: () => boolean };
  canSubmit: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const view = useSelector(actorRef, householdJoinView, shallowEqual);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.attemptSubmit() && canSubmit) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={view.busy}>
      <p>{view.invitedText}</p>
      <StepHeading level={2}>{heading}</StepHeading>
      {view.error !== null && <Alert>{view.error}</Alert>}
      {children}
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          {submitLabel}
        </button>
        <BackButton enabled={view.canBack} onBack={() => actorRef.send({ type: 'BACK' })} />
      </div>
    </form>
  );
}

/** Spec §2 Login step 2's form, for the invitee: e-mail (the invite's) and password, 'Log In', 'Back'. */
function JoinLoginForm({ actorRef }: { actorRef: HouseholdJoinActorRef }) {
  const [start] = useState(() => loginFormStart(actorRef.getSnapshot()));
  const form = useForm(start, loginSchema);
  const canSubmit = useSelector(actorRef, (snapshot) => canSubmitLogin(snapshot, form.values));
  return (
    <JoinForm
      actorRef={actorRef}
      heading={JOIN_TEXTS.logInHeading}
      submitLabel="Log In"
      form={form}
      canSubmit={canSubmit}
      onSubmit={() => actorRef.send({ type: 'SUBMIT_LOGIN', values: form.values })}
    >
      <TextField label="Email" type="email" autoComplete="username" {...form.bind('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.bind('password')} />
    </JoinForm>
  );
}

/** The register wizard's guardian form (spec §2 Register step 1, §5), for the invitee: 'Create Account', 'Back'. */
function JoinAccountForm({ actorRef }: { actorRef: HouseholdJoinActorRef }) {
  const [start] = useState(() => accountFormStart(actorRef.getSnapshot()));
  const form = useGuardianForm(start, { creating: true });
  const canSubmit = useSelector(actorRef, (snapshot) => canSubmitAccount(snapshot, form.values));
  return (
    <JoinForm
      actorRef={actorRef}
      heading={JOIN_TEXTS.createAccountHeading}
      submitLabel="Create Account"
      form={form}
      canSubmit={canSubmit}
      onSubmit={() => actorRef.send({ type: 'SUBMIT_ACCOUNT', values: form.values })}
    >
      <GuardianAccountFields form={form} creating />
    </JoinForm>
  );
}
