import { Typography } from 'antd';

/** A before/after snapshot or any JSON value, pretty-printed and scrollable. */
export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre
      data-testid={testId}
      style={{ margin: 0, maxHeight: 320, overflow: 'auto', background: '#f6f7f9', padding: 8, fontSize: 12 }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
