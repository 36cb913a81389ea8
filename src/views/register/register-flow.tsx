import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { type RegisterActorRef, registerView } from '../../machines/register.connect';
import { GuardianAccountStep } from './guardian-account-step';
import { WizardPage } from './wizard-page';

/**
 * The register wizard's screens (spec §2 Register wizard): the guardian account, then the athlete steps shared with
 * login, as register.connect.ts's `registerView` names them. The route creates the actor and navigates when it
 * finishes.
 */
export function RegisterFlow({ actorRef, notice }: { actorRef: RegisterActorRef; notice?: ReactNode }) {
  const t = useT();
  const { screen, ...athlete } = useSelector(actorRef, registerView, shallowEqual);
  const step = screen === 'guardianAccount' ? <GuardianAccountStep actorRef={actorRef} /> : null;
  return <WizardPage notice={notice} step={step} {...athlete} wizard={actorRef} loading={t('register.loading')} />;
}
