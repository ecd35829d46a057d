import { formatMoney } from '@tradehall/domain';
import { Typography } from 'antd';

/** An amount in cents; signed amounts are coloured (in green, out red). */
export function Money({ cents, signed = false }: { cents: number; signed?: boolean }) {
  const text = formatMoney(cents);
  if (!signed || cents === 0) return <span>{text}</span>;
  return (
    <Typography.Text type={cents > 0 ? 'success' : 'danger'}>{cents > 0 ? `+${text}` : text}</Typography.Text>
  );
}
