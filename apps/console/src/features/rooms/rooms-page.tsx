/** Every room's limits, timing, house edge and state; admins edit, pause and resume. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { App, Button, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
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
import { roomStrings as s } from './strings.ts';

const invalidates = [roomsKey, ['admin', 'audit']];
const money = (value: number) => formatMoney(value);

export function RoomsPage() {
  const { isAdmin } = useSession();
  const { message } = App.useApp();
  const rooms = useQuery(roomsQuery);
  const [editing, setEditing] = useState<AdminRoom | null>(null);
  const [toggling, setToggling] = useState<AdminRoom | null>(null);

  const save = useAction({
    run: (input: { id: string; changes: UpdateRoomRequest }) => updateRoom(input.id, input.changes),
    success: s.saved,
    invalidates,
    onDone: () => setEditing(null),
  });
  const pause = useAction({
    run: (input: { id: string; reason: string }) => pauseRoom(input.id, input.reason),
    success: s.paused_,
    invalidates,
    onDone: () => setToggling(null),
  });
  const resume = useAction({
    run: (input: { id: string; reason: string }) => resumeRoom(input.id, input.reason),
    success: s.resumed,
    invalidates,
    onDone: () => setToggling(null),
  });

  const adminButton = (label: string, onClick: () => void, testId: string, danger = false) => (
    <Tooltip title={isAdmin ? undefined : s.adminOnly}>
      <Button size="small" danger={danger} disabled={!isAdmin} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Tooltip>
  );

  return (
    <>
      <PageTitle title={s.title} />
      <QueryError query={rooms} />
      <Table<AdminRoom>
        rowKey="id"
        loading={rooms.isPending}
        dataSource={rooms.data?.items ?? []}
        pagination={false}
        columns={[
          { title: s.tier, dataIndex: 'tier' },
          { title: s.entryMinimum, dataIndex: 'entryMinimum', align: 'right', render: money },
          { title: s.stakeMinimum, dataIndex: 'stakeMinimum', align: 'right', render: money },
          { title: s.stakeMaximum, dataIndex: 'stakeMaximum', align: 'right', render: money },
          { title: s.roundSeconds, dataIndex: 'roundSeconds', align: 'right' },
          { title: s.sealedSeconds, dataIndex: 'sealedSeconds', align: 'right' },
          { title: s.houseEdge, dataIndex: 'houseEdgeBps', align: 'right', render: formatBps },
          {
            title: s.state,
            dataIndex: 'paused',
            render: (paused: boolean) =>
              paused ? <Tag color="orange">{s.paused}</Tag> : <Tag color="green">{s.running}</Tag>,
          },
          {
            title: '',
            key: 'actions',
            render: (_, room) => (
              <Space>
                {adminButton(s.edit, () => setEditing(room), `room-edit-${room.tier}`)}
                {room.paused
                  ? adminButton(s.resume, () => setToggling(room), `room-resume-${room.tier}`)
                  : adminButton(s.pause, () => setToggling(room), `room-pause-${room.tier}`, true)}
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
        onNothingChanged={() => void message.info(s.nothingChanged)}
      />
      <ReasonDialog
        open={toggling !== null}
        title={toggling?.paused ? s.resumeTitle : s.pauseTitle}
        okText={toggling?.paused ? s.resume : s.pause}
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
