/** The audit log's filters: operator, action, target and a date range (whole local days). */
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { AuditFilters } from './api.ts';
import { operatorsQuery } from './api.ts';
import { auditStrings as s } from './strings.ts';

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

const trimmed = (value: string | undefined) => value?.trim() || undefined;

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
  const [form] = Form.useForm<Values>();
  const operators = useQuery(operatorsQuery);
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(values) => onChange(toFilters(values))}
      style={{ marginBottom: 16 }}
    >
      <Form.Item name="operatorId" style={{ marginBottom: 8 }}>
        <Select
          placeholder={s.anyOperator}
          allowClear
          style={{ width: 180 }}
          loading={operators.isPending}
          options={(operators.data?.items ?? []).map((item) => ({ value: item.id, label: item.account }))}
          data-testid="audit-operator"
        />
      </Form.Item>
      <Form.Item name="action" style={{ marginBottom: 8 }}>
        <Input
          placeholder={s.actionPlaceholder}
          allowClear
          style={{ width: 180 }}
          data-testid="audit-action"
        />
      </Form.Item>
      <Form.Item name="targetType" style={{ marginBottom: 8 }}>
        <Input placeholder={s.targetTypePlaceholder} allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="targetId" style={{ marginBottom: 8 }}>
        <Input placeholder={s.targetId} allowClear style={{ width: 300 }} data-testid="audit-target-id" />
      </Form.Item>
      <Form.Item name="dates" style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="audit-search">
        {s.search}
      </Button>
      <Button
        style={{ marginLeft: 8 }}
        onClick={() => {
          form.resetFields();
          onChange({});
        }}
      >
        {s.reset}
      </Button>
    </Form>
  );
}
