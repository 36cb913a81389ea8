import './household.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, type MouseEvent, type ReactNode, useState } from 'react';
import { loginSchema } from '../../domain/forms/login';
import { type Message, text } from '../../i18n/runtime';
import { useLocale, useT } from '../../i18n/use-t';
import {
  accountFormStart,
  canSubmitAccount,
  canSubmitLogin,
  type HouseholdJoinActorRef,
  householdJoinView,
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
/** A message of the view in the language in use (nothing while there is none). */
function shown(message: Message | string | null): string | null {
  return message === null || typeof message === 'string' ? message : text(message);
}

export function HouseholdJoinFlow({ actorRef }: { actorRef: HouseholdJoinActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, householdJoinView, shallowEqual);
  const join = () => actorRef.send({ type: 'JOIN' });
  let screen: ReactNode = null;
  if (view.screen === 'loading') {
    screen = <p role="status">{t('household.joinLoading')}</p>;
  } else if (view.screen === 'invalid') {
    screen = <Alert>{shown(view.error)}</Alert>;
  } else if (view.screen === 'choose') {
    screen = (
      <>
        <p>{shown(view.invitedText)}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'LOG_IN' })}>
            {t('household.logIn')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => actorRef.send({ type: 'CREATE_ACCOUNT' })}
          >
            {t('household.createAccount')}
          </button>
        </div>
      </>
    );
  } else if (view.screen === 'loggedIn') {
    screen = (
      <>
        <p>{shown(view.invitedText)}</p>
        <p>{shown(view.loggedInText)}</p>
        <div className="button-row">
          <button type="button" className="button" disabled={!view.canJoin} onClick={join}>
            {t('household.join')}
          </button>
        </div>
      </>
    );
  } else if (view.screen === 'logIn') {
    screen = <JoinLoginForm actorRef={actorRef} />;
  } else if (view.screen === 'createAccount') {
    screen = <JoinAccountForm actorRef={actorRef} />;
  } else if (view.screen === 'accepting') {
    screen = <p role="status">{t('household.joining')}</p>;
  } else if (view.screen === 'acceptFailed') {
    screen = <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{shown(view.error)}</RetryAlert>;
  } else if (view.screen === 'joined') {
    const seePayments = (event: MouseEvent) => {
      // A real link (it opens in a new tab too); in this tab the machine hands over and the route navigates.
      event.preventDefault();
      actorRef.send({ type: 'SEE_PAYMENTS' });
    };
    screen = (
      <>
        <Alert tone="success">{shown(view.joinedText)}</Alert>
        <p>
          <a className="button" href={PAYMENTS_HREF} onClick={seePayments}>
            {t('household.seePayments')}
          </a>
        </p>
      </>
    );
  }
  return (
    <Page>
      <section className="card household">
        <StepHeading>{t('household.joinHeading')}</StepHeading>
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
  useLocale(); // its texts follow a language switch
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.attemptSubmit() && canSubmit) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={view.busy}>
      <p>{shown(view.invitedText)}</p>
      <StepHeading level={2}>{heading}</StepHeading>
      {view.error !== null && <Alert>{shown(view.error)}</Alert>}
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
  const t = useT();
  const [start] = useState(() => loginFormStart(actorRef.getSnapshot()));
  const form = useForm(start, loginSchema);
  const canSubmit = useSelector(actorRef, (snapshot) => canSubmitLogin(snapshot, form.values));
  return (
    <JoinForm
      actorRef={actorRef}
      heading={t('household.logInHeading')}
      submitLabel={t('household.logInSubmit')}
      form={form}
      canSubmit={canSubmit}
      onSubmit={() => actorRef.send({ type: 'SUBMIT_LOGIN', values: form.values })}
    >
      <TextField label={t('household.loginEmail')} type="email" autoComplete="username" {...form.bind('email')} />
      <TextField
        label={t('household.password')}
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
    </JoinForm>
  );
}

/** The register wizard's guardian form (spec §2 Register step 1, §5), for the invitee: 'Create Account', 'Back'. */
function JoinAccountForm({ actorRef }: { actorRef: HouseholdJoinActorRef }) {
  const t = useT();
  const [start] = useState(() => accountFormStart(actorRef.getSnapshot()));
  const form = useGuardianForm(start, { creating: true });
  const canSubmit = useSelector(actorRef, (snapshot) => canSubmitAccount(snapshot, form.values));
  return (
    <JoinForm
      actorRef={actorRef}
      heading={t('household.createAccountHeading')}
      submitLabel={t('household.createAccountSubmit')}
      form={form}
      canSubmit={canSubmit}
      onSubmit={() => actorRef.send({ type: 'SUBMIT_ACCOUNT', values: form.values })}
    >
      <GuardianAccountFields form={form} creating />
    </JoinForm>
  );
}
