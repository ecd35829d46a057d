/** One deposit with its receipt; approve or reject it while it is pending. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Descriptions, Divider, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { DetailDrawer } from '../../components/detail-drawer.tsx';
import { QueryPlaceholder } from '../../components/query-placeholder.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { approveDeposit, depositQuery, depositsKey, rejectDeposit } from './api.ts';
import { ReceiptImage } from './receipt-image.tsx';
import { depositStrings as s } from './strings.ts';

const invalidates = [depositsKey, ['admin', 'dashboard'], ['admin', 'users']];

export function DepositDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailDrawer id={id} title={s.detailTitle} onClose={onClose}>
      {(openId) => <DepositDetail id={openId} />}
    </DetailDrawer>
  );
}

function DepositDetail({ id }: { id: string }) {
  const deposit = useQuery(depositQuery(id));
  const [rejecting, setRejecting] = useState(false);
  const approve = useAction({ run: () => approveDeposit(id), success: s.approved, invalidates });
  const reject = useAction({
    run: (reason: string) => rejectDeposit(id, reason),
    success: s.rejected,
    invalidates,
    onDone: () => setRejecting(false),
  });

  if (deposit.isError || !deposit.data) return <QueryPlaceholder query={deposit} />;
  const d = deposit.data;
  const busy = approve.pending || reject.pending;
  return (
    <div data-testid="deposit-detail" data-status={d.status}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'reference', label: s.reference, children: d.reference },
          { key: 'account', label: s.account, children: d.account },
          { key: 'amount', label: s.amount, children: formatMoney(d.amount) },
          { key: 'method', label: s.method, children: d.method },
          { key: 'status', label: s.status, children: <StatusTag status={d.status} /> },
          { key: 'depositor', label: s.depositor, children: d.depositorName ?? '—' },
          ...(d.method === 'crypto'
            ? [
                { key: 'network', label: s.network, children: d.network ?? '—' },
                {
                  key: 'tx',
                  label: s.txHash,
                  children: <Typography.Text copyable>{d.txHash ?? '—'}</Typography.Text>,
                },
              ]
            : []),
          { key: 'created', label: s.created, children: formatTime(d.createdAt) },
          { key: 'decided', label: s.decided, children: formatTime(d.decidedAt) },
          ...(d.rejectReason ? [{ key: 'reason', label: s.rejectReason, children: d.rejectReason }] : []),
        ]}
      />
      {d.status === 'pending' && (
        <Space style={{ marginTop: 16 }}>
          <Popconfirm
            title={s.approveConfirm(formatMoney(d.amount), d.account)}
            okText={s.approve}
            onConfirm={() => approve.trigger(undefined)}
            okButtonProps={{ disabled: busy, 'data-testid': 'deposit-approve-confirm' }}
          >
            <Button type="primary" loading={approve.pending} disabled={busy} data-testid="deposit-approve">
              {s.approve}
            </Button>
          </Popconfirm>
          <Button danger disabled={busy} onClick={() => setRejecting(true)} data-testid="deposit-reject">
            {s.reject}
          </Button>
        </Space>
      )}
      <Divider titlePlacement="start">{s.receipt}</Divider>
      {d.receiptUrl ? (
        <ReceiptImage url={d.receiptUrl} />
      ) : (
        <Typography.Text type="secondary">{s.noReceipt}</Typography.Text>
      )}
      <ReasonDialog
        open={rejecting}
        title={s.rejectTitle}
        okText={s.reject}
        danger
        pending={reject.pending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => void reject.trigger(reason)}
        testId="deposit-reject-dialog"
      />
    </div>
  );
}
