import { shallowEqual, useSelector } from '@xstate/react';
import type { MouseEvent, ReactNode } from 'react';
import { loginAfterReset, type PasswordResetActorRef } from '../../machines/password-reset.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import {
  INSTRUCTIONS_SENT_TEXT,
  LOG_IN_WITH_NEW_PASSWORD,
  PASSWORD_UPDATED_TEXT,
  RESET_DONE_HEADING,
  SUBMITTED_HEADING,
} from './password-reset-texts';
import { RequestForm } from './request-form';
import { ResetForm } from './reset-form';

type PasswordResetActor = PasswordResetActorRef;
type Screen = 'request' | 'submitted' | 'reset' | 'done' | null;

/** The forgotten-password screens (§2 /resetpwd/forgot), rendered from the flow's state. */
export function PasswordResetFlow({ actorRef }: { actorRef: PasswordResetActor }) {
  // Narrow selects: which screen, and the address for the log-in link (the forms select their own fields).
  const view = useSelector(
    actorRef,
    (snapshot): { shown: Screen; email: string } => {
      let shown: Screen = null;
      if (snapshot.matches('request') || snapshot.matches('requesting')) shown = 'request';
      else if (snapshot.matches('submitted')) shown = 'submitted';
      else if (snapshot.matches('reset') || snapshot.matches('resetting')) shown = 'reset';
      else if (snapshot.matches('passwordReset') || snapshot.matches('toLogin')) shown = 'done';
      return { shown, email: snapshot.context.email };
    },
    shallowEqual,
  );

  let screen: ReactNode = null;
  if (view.shown === 'request') {
    screen = <RequestForm actorRef={actorRef} />;
  } else if (view.shown === 'submitted') {
    screen = (
      <section className="card">
        <StepHeading>{SUBMITTED_HEADING}</StepHeading>
        <Alert tone="success">{INSTRUCTIONS_SENT_TEXT}</Alert>
      </section>
    );
  } else if (view.shown === 'reset') {
    screen = <ResetForm actorRef={actorRef} />;
  } else if (view.shown === 'done') {
    const logIn = (e: MouseEvent) => {
      // A real link (it opens in a new tab too); in this tab the machine hands over and the route navigates.
      e.preventDefault();
      actorRef.send({ type: 'LOG_IN' });
    };
    screen = (
      <section className="card">
        <StepHeading>{RESET_DONE_HEADING}</StepHeading>
        <Alert tone="success">{PASSWORD_UPDATED_TEXT}</Alert>
        <p>
          <a className="button" href={loginHref(view.email)} onClick={logIn}>
            {LOG_IN_WITH_NEW_PASSWORD}
          </a>
        </p>
      </section>
    );
  }
  return <Page>{screen}</Page>;
}

function loginHref(email: string): string {
  const { to, search } = loginAfterReset(email);
  return `${to}?${new URLSearchParams(Object.entries(search).map(([key, value]) => [key, String(value)]))}`;
}
