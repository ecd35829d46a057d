/** One withdrawal and where to pay it; mark it paid or reject it while it is pending. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { DetailDrawer } from '../../components/detail-drawer.tsx';
import { QueryPlaceholder } from '../../components/query-placeholder.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { payWithdrawal, rejectWithdrawal, withdrawalQuery, withdrawalsKey } from './api.ts';
import { PayDialog } from './pay-dialog.tsx';
import { withdrawalStrings as s } from './strings.ts';

const invalidates = [withdrawalsKey, ['admin', 'dashboard'], ['admin', 'users']];

export function WithdrawalDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailDrawer id={id} title={s.detailTitle} onClose={onClose}>
      {(openId) => <WithdrawalDetail id={openId} />}
    </DetailDrawer>
  );
}

function WithdrawalDetail({ id }: { id: string }) {
  const withdrawal = useQuery(withdrawalQuery(id));
  const [dialog, setDialog] = useState<'pay' | 'reject' | null>(null);
  const close = () => setDialog(null);
  const pay = useAction({
    run: (reference: string) => payWithdrawal(id, reference),
    success: s.paid,
    invalidates,
    onDone: close,
  });
  const reject = useAction({
    run: (reason: string) => rejectWithdrawal(id, reason),
    success: s.rejected,
    invalidates,
    onDone: close,
  });

  if (withdrawal.isError || !withdrawal.data) return <QueryPlaceholder query={withdrawal} />;
  const w = withdrawal.data;
  const busy = pay.pending || reject.pending;
  return (
    <div data-testid="withdrawal-detail" data-status={w.status}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'reference', label: s.reference, children: w.reference },
          { key: 'account', label: s.account, children: w.account },
          { key: 'amount', label: s.amount, children: formatMoney(w.amount) },
          { key: 'status', label: s.status, children: <StatusTag status={w.status} /> },
          { key: 'destination', label: s.destination, children: w.destinationLabel },
          {
            key: 'detail',
            label: s.destinationDetail,
            children: <Typography.Text copyable>{w.destinationDetail}</Typography.Text>,
          },
          { key: 'created', label: s.created, children: formatTime(w.createdAt) },
          { key: 'decided', label: s.decided, children: formatTime(w.decidedAt) },
          ...(w.paymentReference
            ? [{ key: 'payref', label: s.paymentReference, children: w.paymentReference }]
            : []),
          ...(w.rejectReason ? [{ key: 'reason', label: s.rejectReason, children: w.rejectReason }] : []),
        ]}
      />
      {w.status === 'pending' && (
        <Space style={{ marginTop: 16 }}>
          <Button
            type="primary"
            disabled={busy}
            onClick={() => setDialog('pay')}
            data-testid="withdrawal-pay"
          >
            {s.pay}
          </Button>
          <Button danger disabled={busy} onClick={() => setDialog('reject')} data-testid="withdrawal-reject">
            {s.reject}
          </Button>
        </Space>
      )}
      <PayDialog
        open={dialog === 'pay'}
        hint={s.payHint(formatMoney(w.amount), w.destinationDetail)}
        pending={pay.pending}
        onCancel={close}
        onSubmit={(reference) => void pay.trigger(reference)}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={s.rejectTitle}
        okText={s.reject}
        danger
        pending={reject.pending}
        onCancel={close}
        onSubmit={(reason) => void reject.trigger(reason)}
        testId="withdrawal-reject-dialog"
      />
    </div>
  );
}
