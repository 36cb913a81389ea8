import { formatUsd } from '../../domain/money';

/** An amount of the family checkout: a discount (negative) with its minus sign; no discount is $0.00, never −0. */
export function HouseholdAmount({ cents }: { cents: number }) {
  return <>{cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(Math.abs(cents))}</>;
}
