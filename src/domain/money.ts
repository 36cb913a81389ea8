/**
 * Money is integer cents inside the code (design §7); the wire carries dollars (docs/api.md, Conventions).
 * These are the only conversions between the two, on the site and on the server.
 */

/**
 * Made on first use, not when the module loads: the first Intl object of a page costs tens of milliseconds on a
 * phone (ICU's data), and most pages load this module without showing an amount at start (docs/architecture.md
 * §10 "Start-up work").
 */
let usdFormatter: Intl.NumberFormat | undefined;

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

/** Display text of an amount in cents, e.g. 45000 → '$450.00' (design §7: Intl.NumberFormat en-US, USD). */
export function formatUsd(cents: number): string {
  assertCents(cents);
  usdFormatter ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usdFormatter.format(cents / 100);
}

/** Throws unless the value is an integer number of cents (design §7: money is integer cents). */
export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Not an integer number of cents: ${cents}`);
  }
}
