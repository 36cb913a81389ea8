import { Link } from '@tanstack/react-router';
import { config } from '../../config';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';

export const CONTACT_COACH_HEADING = 'Contact your coach';

/**
 * /contact-coach (spec §2): where someone without a licence link lands (login welcome 'No' without a licence, a
 * registration without a licence, §4). Registering needs the link a coach or team administrator sends, so the page
 * says whom to ask and offers the way in for those who already have an account.
 */
export function ContactCoachView() {
  return (
    <Page>
      <section className="card">
        <StepHeading>{CONTACT_COACH_HEADING}</StepHeading>
        <p>To register with {config.clientName}, you need the license link for your team.</p>
        <p>Please contact your coach and ask them to send you the license link. Open it to create your account.</p>
        <p>
          Already have an account?{' '}
          <Link to="/login" search={{ step: 2 }}>
            Log in
          </Link>
        </p>
      </section>
    </Page>
  );
}
