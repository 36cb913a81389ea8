import type { ComputedPlan } from '../../domain/payment-plans.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.ts';
import { mailLanguage, planNameIn } from '../../mail/mail-language.ts';

/**
 * A plan's name in `locale` by its month ('Pay in full' / 'Pagar el total', '3 monthly payments' / '3 pagos
 * mensuales'): the one home of a plan's name, for the plans computed (server/domain/payment-plans.ts is handed
 * `englishPlanName`), the payment pages (below), the family's receipts and /payments, the e-mails and the club
 * console's roster and its CSV (issue 31). English is the spec's text, as ever. The texts are the catalogue's
 * (`mailBilling.planInFull`, `mailBilling.planMonthly`); server/mail, which may not import a service, reaches the same
 * through `planNameIn`, which this calls.
 */
export function planNameFor(locale: Locale, month: number): string {
  const key = `${locale}|${month}`;
  let name = planNames.get(key);
  if (name === undefined) {
    if (planNames.size >= MAX_PLAN_NAMES) planNames.clear();
    name = planNameIn(mailLanguage(locale), month);
    planNames.set(key, name);
  }
  return name;
}

/** Every quote names each of its plans: the few names (languages × plan lengths) are remembered. */
const planNames = new Map<string, string>();
const MAX_PLAN_NAMES = 500;

/** A plan's English name: what `computePaymentPlans` names the plans it computes (`plansIn` renames them). */
export function englishPlanName(month: number): string {
  return planNameFor(DEFAULT_LOCALE, month);
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
