import { config } from '../../config';
import { useT } from '../../i18n/use-t';
import type { LicenceInfo, ShownText } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { shown } from '../payment/shown-text';

interface TeamWelcomeProps {
  licence: LicenceInfo;
  /** 'Sorry, this license is not available.' instead of the question. */
  unavailable: boolean;
  /** The error area (§2 'Welcome and an error area'): a failed claim's response text. */
  error: ShownText | null;
  /** Issue 30 point 4: 'Your held spot on {team} was released.' (the server's text), or null. */
  released?: string | null;
  /** Whether 'Already have a {client name} App account?' is asked (available, or joining the waitlist). */
  asksForAccount: boolean;
  canAnswer: { yes: boolean; no: boolean };
  onYes: () => void;
  onNo: () => void;
  /** Issue 21 point 3: 'Join the waitlist' under the unavailable notice, and until when an offer holds a seat. */
  waitlist: { canJoin: boolean; onJoin: () => void; heldUntil: string | null };
}

/** §2 Welcome screen of a team licence; issue 21 point 3: a full team's waitlist and a waitlist offer's held seat. */
export function TeamWelcomeView({
  licence,
  unavailable,
  error,
  released = null,
  asksForAccount,
  canAnswer,
  onYes,
  onNo,
  waitlist,
}: TeamWelcomeProps) {
  const t = useT();
  const team = [licence.team_name, licence.season_name].filter((part) => part !== null && part !== '').join(' · ');
  return (
    <section className="card">
      <StepHeading>{t('licence.welcome', { client_name: config.clientName })}</StepHeading>
      {licence.organization_name && <p className="licence-organization">{licence.organization_name}</p>}
      {team && <p className="licence-team">{team}</p>}
      {error !== null && <Alert>{shown(error)}</Alert>}
      {released !== null && <p className="licence-released">{released}</p>}
      {waitlist.heldUntil !== null && (
        <Alert tone="success">{t('licence.heldForYou', { until: waitlist.heldUntil })}</Alert>
      )}
      {unavailable && <Alert>{t('licence.teamUnavailable')}</Alert>}
      {unavailable && !asksForAccount && (
        <div className="licence-waitlist">
          <p>{t('licence.joinWaitlistIntro')}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={waitlist.onJoin} disabled={!waitlist.canJoin}>
              {t('licence.joinWaitlist')}
            </button>
          </div>
        </div>
      )}
      {asksForAccount && (
        <>
          {unavailable ? (
            // Joining the waitlist: the question replaces the button that asked for it, so focus moves to it.
            <StepHeading level={2}>{t('licence.haveAccount', { client_name: config.clientName })}</StepHeading>
          ) : (
            <h2 className="licence-question">{t('licence.haveAccount', { client_name: config.clientName })}</h2>
          )}
          <div className="button-row">
            <button type="button" className="button" onClick={onYes} disabled={!canAnswer.yes}>
              {t('common.yes')}
            </button>
            <button type="button" className="button button--secondary" onClick={onNo} disabled={!canAnswer.no}>
              {t('common.no')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
