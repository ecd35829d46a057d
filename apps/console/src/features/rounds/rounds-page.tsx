/**
 * Rounds per room (positions summary, commitment, revealed hash and digits) and the room's hash chains.
 * Read-only by design: the only action is publishing the next chain.
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Alert, Card, Select, Space } from 'antd';
import { useState } from 'react';
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
import { roundStrings as s } from './strings.ts';

const money = (value: number) => formatMoney(value);

export function RoundsPage() {
  const rooms = useQuery(roomsQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const roomId = chosen ?? rooms.data?.items[0]?.id ?? null;

  return (
    <>
      <PageTitle
        title={s.title}
        extra={
          <Select
            style={{ width: 220 }}
            prefix={`${s.room}:`}
            loading={rooms.isPending}
            value={roomId}
            onChange={setChosen}
            options={(rooms.data?.items ?? []).map((room) => ({ value: room.id, label: room.tier }))}
            data-testid="rounds-room"
          />
        }
      />
      <Alert type="info" title={s.noResultControls} showIcon style={{ marginBottom: 16 }} />
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
  const list = useCursorList(roundsKey(roomId), (cursor) => fetchRoundPage(roomId, cursor));
  return (
    <>
      <PageTitle title={s.rounds} extra={<RefreshButton query={list.query} label={s.refresh} />} />
      <CursorTable<AdminRound>
        list={list}
        size="small"
        scroll={{ x: 1400 }}
        columns={[
          { title: s.issue, dataIndex: 'issue', fixed: 'left' },
          { title: s.status, dataIndex: 'status', render: (value: string) => <StatusTag status={value} /> },
          { title: s.opens, dataIndex: 'opensAt', render: (value: number) => formatTime(value) },
          { title: s.draws, dataIndex: 'drawsAt', render: (value: number) => formatTime(value) },
          { title: s.positions, dataIndex: 'positions', align: 'right' },
          { title: s.users, dataIndex: 'users', align: 'right' },
          { title: s.staked, dataIndex: 'staked', align: 'right', render: money },
          { title: s.paid, dataIndex: 'paid', align: 'right', render: money },
          {
            title: s.chain,
            key: 'chain',
            render: (_, round) => `${round.chainId.slice(0, 8)} #${round.chainIndex}`,
          },
          {
            title: s.commitment,
            dataIndex: 'commitment',
            render: (value: string) => <HashText value={value} />,
          },
          { title: s.hash, dataIndex: 'hash', render: (value: string | null) => <HashText value={value} /> },
          {
            title: s.digits,
            key: 'digits',
            render: (_, round) => (round.digits ? `${round.digits.join(' + ')} = ${round.sum ?? ''}` : '—'),
          },
        ]}
      />
    </>
  );
}
