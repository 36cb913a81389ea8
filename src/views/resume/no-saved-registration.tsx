import { Link } from '@tanstack/react-router';
import { StepHeading } from '../common/step-heading';
import { NO_SAVED_REGISTRATION } from './resume-texts';

/** /continue without a saved registration (finished, started over, or never saved): where to go instead. */
export function NoSavedRegistration({ license }: { license: string | null }) {
  return (
    <section className="card">
      <StepHeading>Nothing to continue</StepHeading>
      <p>{NO_SAVED_REGISTRATION}</p>
      <p>
        {license === null ? (
          <Link to="/dashboard">Go to your account</Link>
        ) : (
          <Link to="/licenses/$license" params={{ license }}>
            Go to the licence page
          </Link>
        )}
      </p>
    </section>
  );
}
