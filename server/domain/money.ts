/** Integer cents inside, dollars on the wire (docs/api.md "Money"). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function centsToDollarsOrNull(cents: number | null): number | null {
  return cents === null ? null : centsToDollars(cents);
}

/** A dollar amount from a request (at most two decimals, validated by the caller) → integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
