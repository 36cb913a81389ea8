/**
 * The offer's sentence (issue 21 point 1): 'You started registering Sam Rivera for 12U Tigers (Spring 2027) and
 * stopped at checkout.', from the `resume` catalogue group, in the language in use. Called while rendering.
 */
import { t } from '../../i18n/runtime';

type StepLabelKey =
  | 'resume.stepAccount'
  | 'resume.stepChooseAthlete'
  | 'resume.stepAddAthlete'
  | 'resume.stepPaymentOptions'
  | 'resume.stepProtection'
  | 'resume.stepCheckout'
  | 'resume.stepUnknown';

/** What a person reads for a saved step key (src/session/progress.ts `stepKeyOf`). */
const STEP_LABELS: Readonly<Record<string, StepLabelKey>> = {
  'register.account': 'resume.stepAccount',
  'register.athleteList': 'resume.stepChooseAthlete',
  'register.createAthlete': 'resume.stepAddAthlete',
  'login.athleteList': 'resume.stepChooseAthlete',
  'login.createAthlete': 'resume.stepAddAthlete',
  'payment.choosingPlan': 'resume.stepPaymentOptions',
  'payment.protection': 'resume.stepProtection',
  'payment.checkout': 'resume.stepCheckout',
};

export function stepLabel(step: string): string {
  return t(STEP_LABELS[step] ?? 'resume.stepUnknown');
}

/** 'You started registering Sam Rivera for 12U Tigers (Spring 2027) and stopped at checkout.' */
export function offerText(offer: {
  athlete: string | null;
  team: string | null;
  season: string | null;
  step: string;
}): string {
  const athlete = offer.athlete ?? t('resume.yourAthlete');
  const step = stepLabel(offer.step);
  if (offer.team === null) return t('resume.offer', { athlete, step });
  if (offer.season === null) return t('resume.offerTeam', { athlete, team: offer.team, step });
  return t('resume.offerTeamSeason', { athlete, team: offer.team, season: offer.season, step });
}
