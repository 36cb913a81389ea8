import { shallowEqual, useSelector } from '@xstate/react';
import type { MouseEvent, ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { type PasswordResetActorRef, passwordResetView } from '../../machines/password-reset.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { RequestForm } from './request-form';
import { ResetForm } from './reset-form';

/** The forgotten-password screens (§2 /resetpwd/forgot), as password-reset.connect.ts's `passwordResetView` says. */
export function PasswordResetFlow({ actorRef }: { actorRef: PasswordResetActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, passwordResetView, shallowEqual);

  let screen: ReactNode = null;
  if (view.screen === 'request') {
    screen = <RequestForm actorRef={actorRef} />;
  } else if (view.screen === 'submitted') {
    screen = (
      <section className="card">
        <StepHeading>{t('reset.submittedHeading')}</StepHeading>
        <Alert tone="success">{t('reset.instructionsSent')}</Alert>
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
        <StepHeading>{t('reset.doneHeading')}</StepHeading>
        <Alert tone="success">{t('reset.passwordUpdated')}</Alert>
        <p>
          <a className="button" href={view.logInHref} onClick={logIn}>
            {t('reset.logInWithNew')}
          </a>
        </p>
      </section>
    );
  }
  return <Page>{screen}</Page>;
}
