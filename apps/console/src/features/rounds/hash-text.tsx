import { Typography } from 'antd';
import { shortHash } from '../../lib/format.ts';

/** A hash shortened for a cell; the copy button copies the whole value. */
export function HashText({ value }: { value: string | null }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text code copyable={{ text: value }} title={value}>
      {shortHash(value)}
    </Typography.Text>
  );
}
