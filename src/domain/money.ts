/**
 * Money is integer cents inside the code (design §7); the wire carries dollars (docs/api.md, Conventions).
 * These are the only conversions between the two, on the site and on the server.
 */

/** Dollars (at most two decimals on the wire, docs/api.md) to integer cents, rounding half away from zero (§9). */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) {
    throw new RangeError(`Not a money amount: ${dollars}`);
  }
  // Rounding the magnitude keeps -1.005 and 1.005 symmetric; `+ 0` turns a -0 result into 0.
  const cents = Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);
  return cents + 0;
}

/** Integer cents to dollars for the wire (§9 amounts; docs/api.md, Conventions). */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** As `centsToDollars`, keeping an absent amount absent (a plan price that is not offered, a discount's flat part). */
export function centsToDollarsOrNull(cents: number | null): number | null {
  return cents === null ? null : centsToDollars(cents);
}

/**
 * Display text of an amount in cents, e.g. 45000 → '$450.00', -123456 → '-$1,234.56': design §7's Intl.NumberFormat
 * en-US USD, written out (money.test.ts checks it against Intl's): the first Intl object of a page loads ICU's data,
 * tens of milliseconds of a phone's main thread on the pages that show an amount at start (docs/architecture.md §10
 * "Start-up work").
 */
export function formatUsd(cents: number): string {
  assertCents(cents);
  // Intl shows -0 (e.g. a negated zero discount) with its sign.
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const magnitude = Math.abs(cents);
  const dollars = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** Throws unless the value is an integer number of cents (design §7: money is integer cents). */
export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Not an integer number of cents: ${cents}`);
  }
}
