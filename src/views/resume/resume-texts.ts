/** The texts of resuming a registration (issue 21 point 1): the offer, its step names and the quiet notice. */

export const CONTINUE_TEXT = 'Continue where you left off';
export const START_OVER_TEXT = 'Start over';
export const OFFER_HEADING = 'Welcome back';

/** The quiet notice of a saved registration that no longer fits the flow. */
export const RESUME_DISCARDED_NOTICE = 'We could not restore your saved registration, so it starts from the beginning.';

export const NO_SAVED_REGISTRATION = 'There is no unfinished registration to continue for this licence.';

/** What a person reads for a saved step key (src/session/progress.ts `stepKeyOf`). */
const STEP_LABELS: Readonly<Record<string, string>> = {
  'register.account': 'your account',
  'register.athleteList': 'choosing the athlete',
  'register.createAthlete': 'adding a new athlete',
  'login.athleteList': 'choosing the athlete',
  'login.createAthlete': 'adding a new athlete',
  'payment.choosingPlan': 'the payment options',
  'payment.protection': 'injury protection',
  'payment.checkout': 'checkout',
};

export function stepLabel(step: string): string {
  return STEP_LABELS[step] ?? 'where you stopped';
}

/** 'You started registering Sam Rivera for 12U Tigers (Spring 2027) and stopped at checkout.' */
export function offerText(offer: {
  athlete: string | null;
  team: string | null;
  season: string | null;
  step: string;
}): string {
  const team = offer.team === null ? '' : ` for ${offer.team}${offer.season === null ? '' : ` (${offer.season})`}`;
  return `You started registering ${offer.athlete ?? 'your athlete'}${team} and stopped at ${stepLabel(offer.step)}.`;
}
