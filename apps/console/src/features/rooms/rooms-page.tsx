/** Every room's limits, timing, house edge and state; admins edit, pause and resume. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { App, Button, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { formatBps } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  type AdminRoom,
  pauseRoom,
  resumeRoom,
  roomsKey,
  roomsQuery,
  type UpdateRoomRequest,
  updateRoom,
} from './api.ts';
import { RoomEditDialog } from './room-edit-dialog.tsx';

const invalidates = [roomsKey, ['admin', 'audit']];
const money = (value: number) => formatMoney(value);

export function RoomsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const { message } = App.useApp();
  const rooms = useQuery(roomsQuery);
  const [editing, setEditing] = useState<AdminRoom | null>(null);
  const [toggling, setToggling] = useState<AdminRoom | null>(null);

  const save = useAction({
    run: (input: { id: string; changes: UpdateRoomRequest }) => updateRoom(input.id, input.changes),
    success: t('rooms.saved'),
    invalidates,
    onDone: () => setEditing(null),
  });
  const pause = useAction({
    run: (input: { id: string; reason: string }) => pauseRoom(input.id, input.reason),
    success: t('rooms.pausedDone'),
    invalidates,
    onDone: () => setToggling(null),
  });
  const resume = useAction({
    run: (input: { id: string; reason: string }) => resumeRoom(input.id, input.reason),
    success: t('rooms.resumed'),
    invalidates,
    onDone: () => setToggling(null),
  });

  const adminButton = (label: string, onClick: () => void, testId: string, danger = false) => (
    <Tooltip title={isAdmin ? undefined : t('rooms.adminOnly')}>
      <Button size="small" danger={danger} disabled={!isAdmin} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Tooltip>
  );

  return (
    <>
      <PageTitle title={t('rooms.title')} />
      <QueryError query={rooms} />
      <Table<AdminRoom>
        rowKey="id"
        loading={rooms.isPending}
        dataSource={rooms.data?.items ?? []}
        pagination={false}
        columns={[
          { title: t('rooms.tier'), dataIndex: 'tier' },
          { title: t('rooms.entryMinimum'), dataIndex: 'entryMinimum', align: 'right', render: money },
          { title: t('rooms.stakeMinimum'), dataIndex: 'stakeMinimum', align: 'right', render: money },
          { title: t('rooms.stakeMaximum'), dataIndex: 'stakeMaximum', align: 'right', render: money },
          { title: t('rooms.roundSeconds'), dataIndex: 'roundSeconds', align: 'right' },
          { title: t('rooms.sealedSeconds'), dataIndex: 'sealedSeconds', align: 'right' },
          { title: t('rooms.houseEdge'), dataIndex: 'houseEdgeBps', align: 'right', render: formatBps },
          {
            title: t('rooms.state'),
            dataIndex: 'paused',
            render: (paused: boolean) =>
              paused ? (
                <Tag color="orange">{t('rooms.paused')}</Tag>
              ) : (
                <Tag color="green">{t('rooms.running')}</Tag>
              ),
          },
          {
            title: '',
            key: 'actions',
            render: (_, room) => (
              <Space>
                {adminButton(t('rooms.edit'), () => setEditing(room), `room-edit-${room.tier}`)}
                {room.paused
                  ? adminButton(t('rooms.resume'), () => setToggling(room), `room-resume-${room.tier}`)
                  : adminButton(t('rooms.pause'), () => setToggling(room), `room-pause-${room.tier}`, true)}
              </Space>
            ),
          },
        ]}
      />
      <RoomEditDialog
        room={editing}
        pending={save.pending}
        onCancel={() => setEditing(null)}
        onSubmit={(room, changes) => void save.trigger({ id: room.id, changes })}
        onNothingChanged={() => void message.info(t('rooms.nothingChanged'))}
      />
      <ReasonDialog
        open={toggling !== null}
        title={toggling?.paused ? t('rooms.resumeTitle') : t('rooms.pauseTitle')}
        okText={toggling?.paused ? t('rooms.resume') : t('rooms.pause')}
        danger={!toggling?.paused}
        pending={pause.pending || resume.pending}
        onCancel={() => setToggling(null)}
        onSubmit={(reason) => {
          if (!toggling) return;
          const action = toggling.paused ? resume : pause;
          void action.trigger({ id: toggling.id, reason });
        }}
        testId="room-toggle-dialog"
      />
    </>
  );
}
