import { useSelector } from '@xstate/react';
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

/** The forgotten-password screens (§2 /resetpwd/forgot), rendered from the flow's state. */
export function PasswordResetFlow({ actorRef }: { actorRef: PasswordResetActor }) {
  const snapshot = useSelector(actorRef, (s) => s);

  let screen: ReactNode = null;
  if (snapshot.matches('request') || snapshot.matches('requesting')) {
    screen = <RequestForm actorRef={actorRef} />;
  } else if (snapshot.matches('submitted')) {
    screen = (
      <section className="card">
        <StepHeading>{SUBMITTED_HEADING}</StepHeading>
        <Alert tone="success">{INSTRUCTIONS_SENT_TEXT}</Alert>
      </section>
    );
  } else if (snapshot.matches('reset') || snapshot.matches('resetting')) {
    screen = <ResetForm actorRef={actorRef} />;
  } else if (snapshot.matches('passwordReset') || snapshot.matches('toLogin')) {
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
          <a className="button" href={loginHref(snapshot.context.email)} onClick={logIn}>
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
