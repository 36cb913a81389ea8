import { shallowEqual, useSelector } from '@xstate/react';
import type { MouseEvent, ReactNode } from 'react';
import { type PasswordResetActorRef, passwordResetView } from '../../machines/password-reset.connect';
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

/** The forgotten-password screens (§2 /resetpwd/forgot), as password-reset.connect.ts's `passwordResetView` says. */
export function PasswordResetFlow({ actorRef }: { actorRef: PasswordResetActorRef }) {
  const view = useSelector(actorRef, passwordResetView, shallowEqual);

  let screen: ReactNode = null;
  if (view.screen === 'request') {
    screen = <RequestForm actorRef={actorRef} />;
  } else if (view.screen === 'submitted') {
    screen = (
      <section className="card">
        <StepHeading>{SUBMITTED_HEADING}</StepHeading>
        <Alert tone="success">{INSTRUCTIONS_SENT_TEXT}</Alert>
      </section>
    );
  } else if (view.screen === 'reset') {
    screen = <ResetForm actorRef={actorRef} />;
  } else if (view.screen === 'done') {
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
          <a className="button" href={view.logInHref} onClick={logIn}>
            {LOG_IN_WITH_NEW_PASSWORD}
          </a>
        </p>
      </section>
    );
  }
  return <Page>{screen}</Page>;
}
