import './login.css';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { type LoginActorRef, loginView } from '../../machines/login.connect';
import { StepHeading } from '../common/step-heading';
import { WizardPage } from '../register/wizard-page';
import { GuardianLoginStep } from './guardian-login-step';
import { WelcomeStep } from './welcome-step';

/**
 * The login wizard's screens (spec §2 Login): one per step of login.machine.ts, as login.connect.ts's `loginView`
 * names it. The route creates the actor and navigates when it finishes; this view only renders and sends events.
 */
export function LoginFlow({ actorRef, notice }: { actorRef: LoginActorRef; notice?: ReactNode }) {
  const t = useT();
  const { screen, ...athlete } = useSelector(actorRef, loginView, shallowEqual);
  let step: ReactNode = null;
  if (screen === 'welcome') step = <WelcomeStep actorRef={actorRef} />;
  else if (screen === 'tokenLogin') step = <StepHeading>{t('login.loggingIn')}</StepHeading>;
  else if (screen === 'guardianLogin') step = <GuardianLoginStep actorRef={actorRef} />;
  return <WizardPage notice={notice} step={step} {...athlete} wizard={actorRef} loading={t('login.loading')} />;
}
