import type { ComputedPlan } from '../../domain/payment-plans.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.ts';
import { mailLanguage, planNameIn } from '../../mail/mail-language.ts';

/**
 * A plan's name in `locale` by its month ('Pay in full' / 'Pagar el total', '3 monthly payments' / '3 pagos
 * mensuales'): the one home of a chosen plan's name, for the payment pages (below), the e-mails, the family's
 * receipts and the club console's roster and its CSV (issue 31). English is the spec's text, as ever.
 */
export function planNameFor(locale: Locale, month: number): string {
  return planNameIn(mailLanguage(locale), month);
}

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
    name: planNameFor(language.locale, plan.month),
    phases: plan.phases.map((phase) => ({ ...phase, startTimeFormatted: language.date(phase.dueOn) })),
  }));
}
