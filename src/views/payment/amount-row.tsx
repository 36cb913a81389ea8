import { formatUsd } from '../../domain/money';
import type { AmountLine } from '../../domain/plan-lines';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';

/** One line of a "due today" block; a waived fee shows its amount struck through and 'Waived'. */
export function AmountRow({ line }: { line: AmountLine }) {
  const t = useT();
  return (
    <div className="amounts__row">
      <dt>{t(line.label)}</dt>
      {line.waived === undefined ? (
        <dd>{formatUsd(line.amount)}</dd>
      ) : (
        <dd>
          {rich(t('payment.waivedAmount', { amount: formatUsd(line.waived) }), [
            <s key="waived" className="amounts__waived" />,
          ])}
        </dd>
      )}
    </div>
  );
}
