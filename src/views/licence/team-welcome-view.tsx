import type { LicenceInfo } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { LICENCE_TEXTS } from './licence-texts';

interface TeamWelcomeProps {
  licence: LicenceInfo;
  /** 'Sorry, this license is not available.' instead of the question. */
  unavailable: boolean;
  /** The error area (§2 'Welcome and an error area'): a failed claim's response text. */
  error: string | null;
  canAnswer: { yes: boolean; no: boolean };
  onYes: () => void;
  onNo: () => void;
}

/** §2 Welcome screen of a team licence. */
export function TeamWelcomeView({ licence, unavailable, error, canAnswer, onYes, onNo }: TeamWelcomeProps) {
  const team = [licence.team_name, licence.season_name].filter((part) => part !== null && part !== '').join(' · ');
  return (
    <section className="card">
      <StepHeading>{LICENCE_TEXTS.welcome}</StepHeading>
      {licence.organization_name && <p className="licence-organization">{licence.organization_name}</p>}
      {team && <p className="licence-team">{team}</p>}
      {error !== null && <Alert>{error}</Alert>}
      {unavailable ? (
        <Alert>{LICENCE_TEXTS.teamUnavailable}</Alert>
      ) : (
        <>
          <h2 className="licence-question">{LICENCE_TEXTS.haveAccount}</h2>
          <div className="button-row">
            <button type="button" className="button" onClick={onYes} disabled={!canAnswer.yes}>
              Yes
            </button>
            <button type="button" className="button button--secondary" onClick={onNo} disabled={!canAnswer.no}>
              No
            </button>
          </div>
        </>
      )}
    </section>
  );
}
