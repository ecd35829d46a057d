/** The detail's tabs: the last 50 of each kind of record the server sends with the user. */
import { formatMoney } from '@tradehall/domain';
import { Table, Tabs } from 'antd';
import { Money } from '../../components/money.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import type { AdminUserDetail } from './api.ts';
import { userStrings as s } from './strings.ts';

type Position = AdminUserDetail['positions'][number];
const c = s.columns;
const time = (value: number | null) => formatTime(value);
const money = (value: number) => formatMoney(value);

function describeBet(bet: Position['bet']): string {
  return bet.category === 'both_sides' ? bet.type : `#${bet.number}`;
}

export function UserTabs({ detail }: { detail: AdminUserDetail }) {
  return (
    <Tabs
      items={[
        {
          key: 'ledger',
          label: `${s.tabs.ledger} (${detail.ledger.length})`,
          children: (
            <Table
              rowKey="transferId"
              size="small"
              pagination={false}
              dataSource={detail.ledger}
              data-testid="user-ledger"
              columns={[
                { title: c.code, dataIndex: 'code' },
                { title: c.reference, dataIndex: 'reference' },
                {
                  title: c.amount,
                  dataIndex: 'amount',
                  align: 'right',
                  render: (value: number) => <Money cents={value} signed />,
                },
                { title: c.time, dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'positions',
          label: `${s.tabs.positions} (${detail.positions.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.positions}
              columns={[
                { title: c.issue, dataIndex: 'issue' },
                { title: c.room, dataIndex: 'tier' },
                { title: c.bet, dataIndex: 'bet', render: describeBet },
                { title: c.amount, dataIndex: 'amount', align: 'right', render: money },
                {
                  title: c.multiplier,
                  dataIndex: 'multiplier',
                  render: (value: number) => `×${(value / 100).toFixed(2)}`,
                },
                {
                  title: c.status,
                  dataIndex: 'status',
                  render: (value: string) => <StatusTag status={value} />,
                },
                {
                  title: c.payout,
                  dataIndex: 'payout',
                  align: 'right',
                  render: (value: number | null) => (value === null ? '—' : formatMoney(value)),
                },
                { title: c.time, dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'deposits',
          label: `${s.tabs.deposits} (${detail.deposits.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.deposits}
              columns={[
                { title: c.reference, dataIndex: 'reference' },
                { title: c.method, dataIndex: 'method' },
                { title: c.amount, dataIndex: 'amount', align: 'right', render: money },
                {
                  title: c.status,
                  dataIndex: 'status',
                  render: (value: string) => <StatusTag status={value} />,
                },
                { title: c.time, dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'withdrawals',
          label: `${s.tabs.withdrawals} (${detail.withdrawals.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.withdrawals}
              columns={[
                { title: c.reference, dataIndex: 'reference' },
                { title: c.destination, dataIndex: 'destinationLabel' },
                { title: c.amount, dataIndex: 'amount', align: 'right', render: money },
                {
                  title: c.status,
                  dataIndex: 'status',
                  render: (value: string) => <StatusTag status={value} />,
                },
                { title: c.time, dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'cards',
          label: `${s.tabs.cards} (${detail.bankCards.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.bankCards}
              columns={[
                { title: c.bank, dataIndex: 'bankName' },
                { title: c.number, dataIndex: 'maskedNumber' },
                { title: c.payee, dataIndex: 'payee' },
                { title: c.time, dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'wallets',
          label: `${s.tabs.wallets} (${detail.wallets.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.wallets}
              columns={[
                { title: c.type, dataIndex: 'type' },
                { title: c.address, dataIndex: 'address' },
                { title: c.time, dataIndex: 'createdAt', render: time },
              ]}
            />
          ),
        },
        {
          key: 'sessions',
          label: `${s.tabs.sessions} (${detail.sessions.length})`,
          children: (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={detail.sessions}
              data-testid="user-sessions"
              columns={[
                { title: c.started, dataIndex: 'createdAt', render: time },
                { title: c.lastSeen, dataIndex: 'lastSeenAt', render: time },
                { title: c.expires, dataIndex: 'expiresAt', render: time },
                {
                  title: c.userAgent,
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
