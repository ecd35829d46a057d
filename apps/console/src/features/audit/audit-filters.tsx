/** The audit log's filters: operator, action, target and a date range (whole local days). */
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterField, FilterForm } from '../../components/filter-form.tsx';
import { trimmed } from '../../lib/trimmed.ts';
import type { AuditFilters } from './api.ts';
import { operatorsQuery } from './api.ts';

type Day = {
  startOf: (unit: 'day') => { unix: () => number };
  endOf: (unit: 'day') => { unix: () => number };
};

interface Values {
  operatorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  dates?: [Day | null, Day | null] | null;
}

function toFilters(values: Values): AuditFilters {
  const [from, to] = values.dates ?? [null, null];
  return {
    operatorId: values.operatorId || undefined,
    action: trimmed(values.action),
    targetType: trimmed(values.targetType),
    targetId: trimmed(values.targetId),
    from: from ? from.startOf('day').unix() : undefined,
    to: to ? to.endOf('day').unix() : undefined,
  };
}

export function AuditFiltersForm({ onChange }: { onChange: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const operators = useQuery(operatorsQuery);
  return (
    <FilterForm<Values>
      onSearch={(values) => onChange(toFilters(values))}
      onReset={() => onChange({})}
      searchText={t('audit.search')}
      resetText={t('audit.reset')}
      searchTestId="audit-search"
    >
      <FilterField name="operatorId">
        <Select
          placeholder={t('audit.anyOperator')}
          allowClear
          style={{ width: 180 }}
          loading={operators.isPending}
          options={(operators.data?.items ?? []).map((item) => ({ value: item.id, label: item.account }))}
          data-testid="audit-operator"
        />
      </FilterField>
      <FilterField name="action">
        <Input
          placeholder={t('audit.actionPlaceholder')}
          allowClear
          style={{ width: 180 }}
          data-testid="audit-action"
        />
      </FilterField>
      <FilterField name="targetType">
        <Input placeholder={t('audit.targetTypePlaceholder')} allowClear style={{ width: 140 }} />
      </FilterField>
      <FilterField name="targetId">
        <Input
          placeholder={t('audit.targetId')}
          allowClear
          style={{ width: 300 }}
          data-testid="audit-target-id"
        />
      </FilterField>
      <FilterField name="dates">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </FilterField>
    </FilterForm>
  );
}
