import { formatUsd } from '../../domain/money';

/** An amount of the family checkout: a discount (negative) with its minus sign, in tabular figures. */
export function HouseholdAmount({ cents }: { cents: number }) {
  return <>{cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(cents)}</>;
}
