/**
 * Rounds per room (positions summary, commitment, revealed hash and digits) and the room's hash chains.
 * Read-only by design: the only action is publishing the next chain.
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Alert, Button, Card, Descriptions, Drawer, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorTable } from '../../components/cursor-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AdminRound, fetchRoundPage, roomsQuery, roundsKey } from './api.ts';
import { ChainsTable } from './chains-table.tsx';
import { HashText } from './hash-text.tsx';

const money = (value: number) => formatMoney(value);

export function RoundsPage() {
  const { t } = useTranslation();
  const rooms = useQuery(roomsQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const roomId = chosen ?? rooms.data?.items[0]?.id ?? null;

  return (
    <>
      <PageTitle
        title={t('rounds.title')}
        extra={
          <Select
            style={{ width: 220 }}
            prefix={`${t('rounds.room')}:`}
            loading={rooms.isPending}
            value={roomId}
            onChange={setChosen}
            options={(rooms.data?.items ?? []).map((room) => ({ value: room.id, label: room.tier }))}
            data-testid="rounds-room"
          />
        }
      />
      <Alert type="info" title={t('rounds.noResultControls')} showIcon style={{ marginBottom: 16 }} />
      <QueryError query={rooms} />
      {roomId && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Card>
            <RoundsTable roomId={roomId} />
          </Card>
          <Card>
            <ChainsTable roomId={roomId} />
          </Card>
        </Space>
      )}
    </>
  );
}

/**
 * The rounds of a room in the columns an operator scans (fits 1280x800 beside the menu); the chain,
 * commitment, hash and digits of one round open in the detail drawer.
 */
function RoundsTable({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const list = useCursorList(roundsKey(roomId), (cursor) => fetchRoundPage(roomId, cursor));
  const [open, setOpen] = useState<AdminRound | null>(null);
  return (
    <>
      <PageTitle
        title={t('rounds.rounds')}
        extra={<RefreshButton query={list.query} label={t('rounds.refresh')} />}
      />
      <CursorTable<AdminRound>
        list={list}
        size="small"
        columns={[
          { title: t('rounds.issue'), dataIndex: 'issue' },
          {
            title: t('rounds.status'),
            dataIndex: 'status',
            render: (value: string) => <StatusTag status={value} />,
          },
          { title: t('rounds.draws'), dataIndex: 'drawsAt', render: (value: number) => formatTime(value) },
          { title: t('rounds.positions'), dataIndex: 'positions', align: 'right' },
          { title: t('rounds.staked'), dataIndex: 'staked', align: 'right', render: money },
          { title: t('rounds.paid'), dataIndex: 'paid', align: 'right', render: money },
          {
            title: t('rounds.sum'),
            key: 'sum',
            align: 'right',
            render: (_, round) => round.sum ?? '—',
          },
          {
            title: '',
            key: 'open',
            render: (_, round) => (
              <Button size="small" onClick={() => setOpen(round)} data-testid={`round-open-${round.issue}`}>
                {t('rounds.details')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${t('rounds.issue')} ${open.issue}` : ''}
        size={560}
        destroyOnHidden
      >
        {open && <RoundDetails round={open} />}
      </Drawer>
    </>
  );
}

function RoundDetails({ round }: { round: AdminRound }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="round-details"
      items={[
        { key: 'status', label: t('rounds.status'), children: <StatusTag status={round.status} /> },
        { key: 'opens', label: t('rounds.opens'), children: formatTime(round.opensAt) },
        { key: 'draws', label: t('rounds.draws'), children: formatTime(round.drawsAt) },
        { key: 'positions', label: t('rounds.positions'), children: round.positions },
        { key: 'users', label: t('rounds.users'), children: round.users },
        { key: 'staked', label: t('rounds.staked'), children: money(round.staked) },
        { key: 'paid', label: t('rounds.paid'), children: money(round.paid) },
        {
          key: 'chain',
          label: t('rounds.chain'),
          children: `${round.chainId.slice(0, 8)} #${round.chainIndex}`,
        },
        { key: 'commitment', label: t('rounds.commitment'), children: <HashText value={round.commitment} /> },
        { key: 'hash', label: t('rounds.hash'), children: <HashText value={round.hash} /> },
        {
          key: 'digits',
          label: t('rounds.digits'),
          children: round.digits ? `${round.digits.join(' + ')} = ${round.sum ?? ''}` : '—',
        },
      ]}
    />
  );
}
