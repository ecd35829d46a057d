/** A drawn result: the three digits and their sum. `data-digits` carries them for tests ("8,1,7"). */
import { useTranslation } from 'react-i18next';

/** A result always has three digits; their places are their identity. */
const DIGIT_PLACES = ['first', 'second', 'third'] as const;

export interface RoundResultProps {
  digits: readonly number[];
  sum: number;
  /** Testids `<prefix>-digits` and `<prefix>-sum`. */
  testIdPrefix?: string;
}

export function RoundResult({ digits, sum, testIdPrefix = 'round' }: RoundResultProps) {
  const { t } = useTranslation();
  return (
    <div
      className="round-result"
      role="img"
      aria-label={t('trading.digitsLabel', { digits: digits.join(', '), sum })}
    >
      <span
        className="round-result__digits"
        data-testid={`${testIdPrefix}-digits`}
        data-digits={digits.join(',')}
      >
        {DIGIT_PLACES.map((place, index) => (
          <span key={place} className="round-result__digit">
            {digits[index]}
          </span>
        ))}
      </span>
      <span className="round-result__equals" aria-hidden="true">
        =
      </span>
      <strong className="round-result__sum" data-testid={`${testIdPrefix}-sum`}>
        {sum}
      </strong>
    </div>
  );
}
