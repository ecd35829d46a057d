/** One withdrawal and where to pay it; mark it paid or reject it while it is pending. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../components/detail-drawer.tsx';
import { QueryPlaceholder } from '../../components/query-placeholder.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { payWithdrawal, rejectWithdrawal, withdrawalQuery, withdrawalsKey } from './api.ts';
import { PayDialog } from './pay-dialog.tsx';

const invalidates = [withdrawalsKey, ['admin', 'dashboard'], ['admin', 'users']];

export function WithdrawalDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DetailDrawer id={id} title={t('withdrawals.detailTitle')} onClose={onClose}>
      {(openId) => <WithdrawalDetail id={openId} />}
    </DetailDrawer>
  );
}

function WithdrawalDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const withdrawal = useQuery(withdrawalQuery(id));
  const [dialog, setDialog] = useState<'pay' | 'reject' | null>(null);
  const close = () => setDialog(null);
  const pay = useAction({
    run: (reference: string) => payWithdrawal(id, reference),
    success: t('withdrawals.paid'),
    invalidates,
    onDone: close,
  });
  const reject = useAction({
    run: (reason: string) => rejectWithdrawal(id, reason),
    success: t('withdrawals.rejected'),
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
          { key: 'reference', label: t('withdrawals.reference'), children: w.reference },
          { key: 'account', label: t('withdrawals.account'), children: w.account },
          { key: 'amount', label: t('withdrawals.amount'), children: formatMoney(w.amount) },
          { key: 'status', label: t('withdrawals.status'), children: <StatusTag status={w.status} /> },
          { key: 'destination', label: t('withdrawals.destination'), children: w.destinationLabel },
          {
            key: 'detail',
            label: t('withdrawals.destinationDetail'),
            children: <Typography.Text copyable>{w.destinationDetail}</Typography.Text>,
          },
          { key: 'created', label: t('withdrawals.created'), children: formatTime(w.createdAt) },
          { key: 'decided', label: t('withdrawals.decided'), children: formatTime(w.decidedAt) },
          ...(w.paymentReference
            ? [{ key: 'payref', label: t('withdrawals.paymentReference'), children: w.paymentReference }]
            : []),
          ...(w.rejectReason
            ? [{ key: 'reason', label: t('withdrawals.rejectReason'), children: w.rejectReason }]
            : []),
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
            {t('withdrawals.pay')}
          </Button>
          <Button danger disabled={busy} onClick={() => setDialog('reject')} data-testid="withdrawal-reject">
            {t('withdrawals.reject')}
          </Button>
        </Space>
      )}
      <PayDialog
        open={dialog === 'pay'}
        hint={t('withdrawals.payHint', { amount: formatMoney(w.amount), to: w.destinationDetail })}
        pending={pay.pending}
        onCancel={close}
        onSubmit={(reference) => void pay.trigger(reference)}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={t('withdrawals.rejectTitle')}
        okText={t('withdrawals.reject')}
        danger
        pending={reject.pending}
        onCancel={close}
        onSubmit={(reason) => void reject.trigger(reason)}
        testId="withdrawal-reject-dialog"
      />
    </div>
  );
}
