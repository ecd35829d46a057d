/** One position to choose in the bet panel: a radio with its label and its multiplier ("x1.96"). */
import { formatMultiplier } from '../../../lib/format.ts';
import type { BetKey } from '../bets.ts';

export interface BetOptionProps {
  name: string;
  betKey: BetKey;
  label: string;
  multiplier: number;
  selected: boolean;
  onSelect: () => void;
}

export function BetOption({ name, betKey, label, multiplier, selected, onSelect }: BetOptionProps) {
  return (
    <label
      className={selected ? 'bet-option bet-option--selected' : 'bet-option'}
      data-testid={`bet-${betKey}`}
    >
      <input
        type="radio"
        className="bet-option__radio"
        name={name}
        value={betKey}
        checked={selected}
        onChange={onSelect}
      />
      <span className="bet-option__label">{label}</span>
      <span className="bet-option__odds" data-testid={`bet-${betKey}-odds`}>
        {formatMultiplier(multiplier)}
      </span>
    </label>
  );
}
