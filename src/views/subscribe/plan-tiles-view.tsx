import { useId } from 'react';
import type { PlanTile, SubscriptionTerm } from '../../domain/subscription-pricing';
import { useT } from '../../i18n/use-t';
import { termTitle, tileBillingText, tilePriceText, tileTrialText } from './plan-texts';

/**
 * Up to four plan tiles (§2 Subscribe) as one radio group: each tile is a choice named by its title and described by
 * its price, billing, trial and card notes. `canSelect` is the machine's answer, so its term rules decide.
 */
export function PlanTilesView({
  tiles,
  selected,
  canSelect,
  onSelect,
  couponApplied,
}: {
  tiles: readonly PlanTile[];
  selected: SubscriptionTerm;
  canSelect: (term: SubscriptionTerm) => boolean;
  onSelect: (term: SubscriptionTerm) => void;
  couponApplied: boolean;
}) {
  const t = useT();
  const groupId = useId();
  return (
    <fieldset className="plan-tiles">
      <legend className="visually-hidden">{t('subscribe.choosePlan')}</legend>
      <div className="grid grid--4">
        {tiles.map((tile) => {
          const id = `${groupId}-${tile.term}`;
          const checked = tile.term === selected;
          const trial = tileTrialText(tile);
          return (
            <label key={tile.term} htmlFor={id} className={checked ? 'plan-tile plan-tile--selected' : 'plan-tile'}>
              <input
                id={id}
                type="radio"
                name={`${groupId}-term`}
                value={tile.term}
                checked={checked}
                disabled={!checked && !canSelect(tile.term)}
                onChange={() => onSelect(tile.term)}
                aria-labelledby={`${id}-title`}
                aria-describedby={`${id}-details`}
              />
              <span id={`${id}-title`} className="plan-tile__title">
                {termTitle(tile.term)}
              </span>
              <span id={`${id}-details`} className="plan-tile__details">
                <span className="plan-tile__price">{tilePriceText(tile)}</span>
                <span>{tileBillingText(tile)}</span>
                {trial && (
                  <>
                    <span className="plan-tile__trial">{trial}</span>
                    <span>{t('subscribe.trialCardNotice')}</span>
                  </>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {couponApplied && <p className="field-hint">{t('subscribe.couponMonthlyNotice')}</p>}
    </fieldset>
  );
}
