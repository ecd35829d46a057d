import { Tag } from 'antd';

const COLOURS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  paid: 'green',
  rejected: 'red',
  open: 'blue',
  sealed: 'purple',
  drawing: 'orange',
  settled: 'green',
  void: 'default',
  won: 'green',
  lost: 'red',
  refunded: 'default',
};

/** A status word in its colour; `data-status` lets a journey read it without parsing text. */
export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLOURS[status] ?? 'default'} data-status={status} data-testid="status-tag">
      {status}
    </Tag>
  );
}
