/** A filter over a fixed set of values with "Any" first; undefined means not filtered. */
import { Select } from 'antd';

export function ChoiceFilter<V extends string>({
  label,
  anyLabel,
  values,
  value,
  onChange,
  labelOf = (item) => item,
  testId,
}: {
  label: string;
  anyLabel: string;
  values: readonly V[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  labelOf?: (value: V) => string;
  testId: string;
}) {
  return (
    <Select
      style={{ width: 180 }}
      prefix={`${label}:`}
      value={value ?? ''}
      onChange={(chosen: string) => onChange(values.find((item) => item === chosen))}
      options={[
        { value: '', label: anyLabel },
        ...values.map((item) => ({ value: item, label: labelOf(item) })),
      ]}
      data-testid={testId}
    />
  );
}
