import type { Tx } from './client.ts';
import { assistanceBudgets, organizationHelpPaying } from './schema/index.ts';

/** Northside's instructions for a check or cash, word for word from ../shared/fixtures.md "Help paying". */
export const NORTHSIDE_CHECK_OR_CASH_INSTRUCTIONS =
  'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.';

/**
 * The "Help paying" fixtures (issue 34, docs/fixtures.md "Help paying"): Northside Youth Baseball offers financial
 * assistance with a Spring 2027 budget of 2,000.00 and accepts check or cash, holding the seat 14 days; Lakeside
 * Little League offers neither (no row). Inserted after every other fixture; it adds rows only to issue 34's tables.
 */
export async function seedHelpPaying(tx: Tx, ids: { northside: number; northsideSpring2027: number }): Promise<void> {
  await tx.insert(organizationHelpPaying).values({
    organizationId: ids.northside,
    offersAssistance: true,
    acceptsCheckOrCash: true,
    checkOrCashInstructions: NORTHSIDE_CHECK_OR_CASH_INSTRUCTIONS,
    checkOrCashHoldDays: 14,
  });
  await tx.insert(assistanceBudgets).values({ seasonId: ids.northsideSpring2027, budgetCents: 200_000 });
}
