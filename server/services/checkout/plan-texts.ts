import type { ComputedPlan } from '../../domain/payment-plans.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.ts';
import { mailLanguage, planNameIn } from '../../mail/mail-language.ts';

/**
 * Issue 31 point 2: the plans a payment page shows, named and dated in the request's language (`Accept-Language`):
 * '3 pagos mensuales', '1 de enero de 2027'. English keeps the spec's texts exactly as computed ('3 monthly payments',
 * 'Jan 1, 2027') and costs nothing (the quote's hot path). The names and dates are the e-mails' own
 * (server/mail/mail-language.ts), so a receipt and its payment page say the same.
 */
export function plansIn(locale: Locale, plans: ComputedPlan[]): ComputedPlan[] {
  if (locale === DEFAULT_LOCALE || plans.length === 0) return plans;
  const language = mailLanguage(locale);
  return plans.map((plan) => ({
    ...plan,
    name: planNameIn(language, plan.month),
    phases: plan.phases.map((phase) => ({ ...phase, startTimeFormatted: language.date(phase.dueOn) })),
  }));
}
