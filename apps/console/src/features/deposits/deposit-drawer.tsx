/** One deposit with its receipt; approve or reject it while it is pending. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Descriptions, Divider, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../components/detail-drawer.tsx';
import { QueryPlaceholder } from '../../components/query-placeholder.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { useAction } from '../../lib/use-action.ts';
import { approveDeposit, depositQuery, depositsKey, rejectDeposit } from './api.ts';
import { ReceiptImage } from './receipt-image.tsx';

const invalidates = [depositsKey, ['admin', 'dashboard'], ['admin', 'users']];

export function DepositDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DetailDrawer id={id} title={t('deposits.detailTitle')} onClose={onClose}>
      {(openId) => <DepositDetail id={openId} />}
    </DetailDrawer>
  );
}

function DepositDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const deposit = useQuery(depositQuery(id));
  const [rejecting, setRejecting] = useState(false);
  const approve = useAction({ run: () => approveDeposit(id), success: t('deposits.approved'), invalidates });
  const reject = useAction({
    run: (reason: string) => rejectDeposit(id, reason),
    success: t('deposits.rejected'),
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
          { key: 'reference', label: t('deposits.reference'), children: d.reference },
          { key: 'account', label: t('deposits.account'), children: d.account },
          { key: 'amount', label: t('deposits.amount'), children: formatMoney(d.amount) },
          { key: 'method', label: t('deposits.method'), children: d.method },
          { key: 'status', label: t('deposits.status'), children: <StatusTag status={d.status} /> },
          { key: 'depositor', label: t('deposits.depositor'), children: d.depositorName ?? '—' },
          ...(d.method === 'crypto'
            ? [
                { key: 'network', label: t('deposits.network'), children: d.network ?? '—' },
                {
                  key: 'tx',
                  label: t('deposits.txHash'),
                  children: <Typography.Text copyable>{d.txHash ?? '—'}</Typography.Text>,
                },
              ]
            : []),
          { key: 'created', label: t('deposits.created'), children: formatTime(d.createdAt) },
          { key: 'decided', label: t('deposits.decided'), children: formatTime(d.decidedAt) },
          ...(d.rejectReason
            ? [{ key: 'reason', label: t('deposits.rejectReason'), children: d.rejectReason }]
            : []),
        ]}
      />
      {d.status === 'pending' && (
        <Space style={{ marginTop: 16 }}>
          <Popconfirm
            title={t('deposits.approveConfirm', { amount: formatMoney(d.amount), account: d.account })}
            okText={t('deposits.approve')}
            onConfirm={() => approve.trigger(undefined)}
            okButtonProps={{ disabled: busy, 'data-testid': 'deposit-approve-confirm' }}
          >
            <Button type="primary" loading={approve.pending} disabled={busy} data-testid="deposit-approve">
              {t('deposits.approve')}
            </Button>
          </Popconfirm>
          <Button danger disabled={busy} onClick={() => setRejecting(true)} data-testid="deposit-reject">
            {t('deposits.reject')}
          </Button>
        </Space>
      )}
      <Divider titlePlacement="start">{t('deposits.receipt')}</Divider>
      {d.receiptUrl ? (
        <ReceiptImage url={d.receiptUrl} />
      ) : (
        <Typography.Text type="secondary">{t('deposits.noReceipt')}</Typography.Text>
      )}
      <ReasonDialog
        open={rejecting}
        title={t('deposits.rejectTitle')}
        okText={t('deposits.reject')}
        danger
        pending={reject.pending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => void reject.trigger(reason)}
        testId="deposit-reject-dialog"
      />
    </div>
  );
}
