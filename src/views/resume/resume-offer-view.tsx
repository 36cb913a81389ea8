import './resume.css';
import { useT } from '../../i18n/use-t';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import { offerText } from './resume-texts';

/** What the offer shows: the server's names for the athlete and team, and the saved step key. */
export interface ResumeOfferData {
  athlete: string | null;
  team: string | null;
  season: string | null;
  step: string;
  /** Issue 30 point 4: 'Your held spot on {team} was released.' (the server's text), or null. */
  released: string | null;
}

/**
 * 'Continue where you left off' (issue 21 point 1): the athlete, the team and the step a saved registration stopped
 * at, with 'Start over'. The route (src/routes/resume-offer.tsx) loads it and performs both choices.
 */
export function ResumeOfferView({
  offer,
  busy,
  error,
  onContinue,
  onStartOver,
}: {
  offer: ResumeOfferData;
  busy: boolean;
  error: string | null;
  onContinue: () => void;
  onStartOver: () => void;
}) {
  const t = useT();
  return (
    <section className="card resume-offer" aria-labelledby="resume-offer-heading" aria-busy={busy}>
      <div id="resume-offer-heading">
        <StepHeading level={2}>{t('resume.welcomeBack')}</StepHeading>
      </div>
      <p>{offerText(offer)}</p>
      {offer.released !== null && <p className="resume-offer__released">{offer.released}</p>}
      {error !== null && <Alert>{error}</Alert>}
      <div className="button-row">
        <button type="button" className="button" onClick={onContinue} disabled={busy}>
          {t('resume.continue')}
        </button>
        <button type="button" className="button button--secondary" onClick={onStartOver} disabled={busy}>
          {t('resume.startOver')}
        </button>
      </div>
    </section>
  );
}
