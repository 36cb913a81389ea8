import { formatUsd } from '../../domain/money';
import type { AmountLine } from '../../domain/plan-lines';

/** One line of a "due today" block; a waived fee shows its amount struck through and 'Waived'. */
export function AmountRow({ line }: { line: AmountLine }) {
  return (
    <div className="amounts__row">
      <dt>{line.label}</dt>
      {line.waived === undefined ? (
        <dd>{formatUsd(line.amount)}</dd>
      ) : (
        <dd>
          <s className="amounts__waived">{formatUsd(line.waived)}</s> Waived
        </dd>
      )}
    </div>
  );
}
