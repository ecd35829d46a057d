/** The detail's tabs: the last 50 of each kind of record the server sends with the user. */
import { formatMoney } from '@tradehall/domain';
import { Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import type { AdminUserDetail } from './api.ts';

type Position = AdminUserDetail['positions'][number];
const time = (value: number | null) => formatTime(value);
const money = (value: number) => formatMoney(value);

function describeBet(bet: Position['bet']): string {
  return bet.category === 'both_sides' ? bet.type : `#${bet.number}`;
}

export function UserTabs({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'ledger',
          label: `${t('users.tabs.ledger')} (${detail.ledger.length})`,
          children: (
            <Table
              rowKey="transferId"
              size="small"
              pagination={false}
              dataSource={detail.ledger}
              data-testid="user-ledger"
              columns={[
                { title: t('users.columns.code'), dataIndex: 'code' },
                { title: t('users.columns.reference'), dataIndex: 'reference' },
                {
                  title: t('users.columns.amount'),
                  dataIndex: 'amount',
                  align: 'right',
                  render: (value: number) => <Money cents={value} signed />,
                },
                { title: t('users.columns.time'), dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'positions',
          label: `${t('users.tabs.positions')} (${detail.positions.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.positions}
              columns={[
                { title: t('users.columns.issue'), dataIndex: 'issue' },
                { title: t('users.columns.room'), dataIndex: 'tier' },
                { title: t('users.columns.bet'), dataIndex: 'bet', render: describeBet },
                { title: t('users.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
                {
                  title: t('users.columns.multiplier'),
                  dataIndex: 'multiplier',
                  render: (value: number) => `×${(value / 100).toFixed(2)}`,
                },
                {
                  title: t('users.columns.status'),
                  dataIndex: 'status',
                  render: (value: string) => <StatusTag status={value} />,
                },
                {
                  title: t('users.columns.payout'),
                  dataIndex: 'payout',
                  align: 'right',
                  render: (value: number | null) => (value === null ? '—' : formatMoney(value)),
                },
                { title: t('users.columns.time'), dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'deposits',
          label: `${t('users.tabs.deposits')} (${detail.deposits.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.deposits}
              columns={[
                { title: t('users.columns.reference'), dataIndex: 'reference' },
                { title: t('users.columns.method'), dataIndex: 'method' },
                { title: t('users.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
                {
                  title: t('users.columns.status'),
                  dataIndex: 'status',
                  render: (value: string) => <StatusTag status={value} />,
                },
                { title: t('users.columns.time'), dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'withdrawals',
          label: `${t('users.tabs.withdrawals')} (${detail.withdrawals.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.withdrawals}
              columns={[
                { title: t('users.columns.reference'), dataIndex: 'reference' },
                { title: t('users.columns.destination'), dataIndex: 'destinationLabel' },
                { title: t('users.columns.amount'), dataIndex: 'amount', align: 'right', render: money },
                {
                  title: t('users.columns.status'),
                  dataIndex: 'status',
                  render: (value: string) => <StatusTag status={value} />,
                },
                { title: t('users.columns.time'), dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'cards',
          label: `${t('users.tabs.cards')} (${detail.bankCards.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.bankCards}
              columns={[
                { title: t('users.columns.bank'), dataIndex: 'bankName' },
                { title: t('users.columns.number'), dataIndex: 'maskedNumber' },
                { title: t('users.columns.payee'), dataIndex: 'payee' },
                { title: t('users.columns.time'), dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'wallets',
          label: `${t('users.tabs.wallets')} (${detail.wallets.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.wallets}
              columns={[
                { title: t('users.columns.type'), dataIndex: 'type' },
                { title: t('users.columns.address'), dataIndex: 'address' },
                { title: t('users.columns.time'), dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'sessions',
          label: `${t('users.tabs.sessions')} (${detail.sessions.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.sessions}
              data-testid="user-sessions"
              columns={[
                { title: t('users.columns.started'), dataIndex: 'createdAt', render: time },
                { title: t('users.columns.lastSeen'), dataIndex: 'lastSeenAt', render: time },
                { title: t('users.columns.expires'), dataIndex: 'expiresAt', render: time },
                {
                  title: t('users.columns.userAgent'),
                  dataIndex: 'userAgent',
                  render: (value: string | null) => value ?? '—',
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
