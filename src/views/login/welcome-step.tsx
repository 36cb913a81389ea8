import { config } from '../../config';
import { useT } from '../../i18n/use-t';
import type { LoginActorRef } from '../../machines/login.connect';
import { StepHeading } from '../common/step-heading';

/** Spec §2 Login step 1: 'Already have a {client name} App account?' with Yes and No. */
export function WelcomeStep({ actorRef }: { actorRef: LoginActorRef }) {
  const t = useT();
  return (
    <section className="card login-welcome">
      <StepHeading>{t('login.haveAccount', { client_name: config.clientName })}</StepHeading>
      <div className="button-row">
        <button type="button" className="button" onClick={() => actorRef.send({ type: 'YES' })}>
          {t('login.yes')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'NO' })}>
          {t('login.no')}
        </button>
      </div>
    </section>
  );
}
