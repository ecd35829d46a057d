/**
 * A required single choice shown as a list of radio options (a wallet type, a network, where to
 * withdraw to): real radios, so keyboards and screen readers work, each option with its own testid.
 */
import { type ReactNode, useId } from 'react';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
}

export interface ChoiceListProps<V extends string> {
  legend: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  error?: string | null;
}

export function ChoiceList<V extends string>({
  legend,
  choices,
  value,
  onChange,
  error,
}: ChoiceListProps<V>) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={error ? 'choice-list choice-list--invalid' : 'choice-list'}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => {
        const selected = choice.value === value;
        return (
          <label
            key={choice.value}
            className={selected ? 'choice-list__item choice-list__item--selected' : 'choice-list__item'}
            data-testid={choice.testId}
          >
            <input
              type="radio"
              className="choice-list__radio"
              name={name}
              value={choice.value}
              checked={selected}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice-list__text">
              <span className="choice-list__label">{choice.label}</span>
              {choice.hint !== undefined ? <span className="choice-list__hint">{choice.hint}</span> : null}
            </span>
          </label>
        );
      })}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
