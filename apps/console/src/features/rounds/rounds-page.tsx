/**
 * Rounds per room (positions summary, commitment, revealed hash and digits) and the room's hash chains.
 * Read-only by design: the only action is publishing the next chain.
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Alert, Card, Select, Space } from 'antd';
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

function RoundsTable({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const list = useCursorList(roundsKey(roomId), (cursor) => fetchRoundPage(roomId, cursor));
  return (
    <>
      <PageTitle
        title={t('rounds.rounds')}
        extra={<RefreshButton query={list.query} label={t('rounds.refresh')} />}
      />
      <CursorTable<AdminRound>
        list={list}
        size="small"
        scroll={{ x: 1400 }}
        columns={[
          { title: t('rounds.issue'), dataIndex: 'issue', fixed: 'left' },
          {
            title: t('rounds.status'),
            dataIndex: 'status',
            render: (value: string) => <StatusTag status={value} />,
          },
          { title: t('rounds.opens'), dataIndex: 'opensAt', render: (value: number) => formatTime(value) },
          { title: t('rounds.draws'), dataIndex: 'drawsAt', render: (value: number) => formatTime(value) },
          { title: t('rounds.positions'), dataIndex: 'positions', align: 'right' },
          { title: t('rounds.users'), dataIndex: 'users', align: 'right' },
          { title: t('rounds.staked'), dataIndex: 'staked', align: 'right', render: money },
          { title: t('rounds.paid'), dataIndex: 'paid', align: 'right', render: money },
          {
            title: t('rounds.chain'),
            key: 'chain',
            render: (_, round) => `${round.chainId.slice(0, 8)} #${round.chainIndex}`,
          },
          {
            title: t('rounds.commitment'),
            dataIndex: 'commitment',
            render: (value: string) => <HashText value={value} />,
          },
          {
            title: t('rounds.hash'),
            dataIndex: 'hash',
            render: (value: string | null) => <HashText value={value} />,
          },
          {
            title: t('rounds.digits'),
            key: 'digits',
            render: (_, round) => (round.digits ? `${round.digits.join(' + ')} = ${round.sum ?? ''}` : '—'),
          },
        ]}
      />
    </>
  );
}
