import { config } from '../../config';
import type { LoginActorRef } from '../../machines/login.connect';
import { StepHeading } from '../common/step-heading';

/** Spec §2 Login step 1: 'Already have a {client name} App account?' with Yes and No. */
export function WelcomeStep({ actorRef }: { actorRef: LoginActorRef }) {
  return (
    <section className="card login-welcome">
      <StepHeading>Already have a {config.clientName} App account?</StepHeading>
      <div className="button-row">
        <button type="button" className="button" onClick={() => actorRef.send({ type: 'YES' })}>
          Yes
        </button>
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'NO' })}>
          No
        </button>
      </div>
    </section>
  );
}
