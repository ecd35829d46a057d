/** Every user with a conversation, latest activity first; clicking a row opens it. */
import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CursorTable } from '../../components/cursor-table.tsx';
import { formatTime } from '../../lib/format.ts';
import type { CursorList } from '../../lib/use-cursor-list.ts';
import type { SupportThread } from './api.ts';

export function ThreadsTable({
  list,
  selectedId,
  onSelect,
}: {
  list: CursorList<SupportThread>;
  selectedId: string | null;
  onSelect: (thread: SupportThread) => void;
}) {
  const { t } = useTranslation();
  return (
    <CursorTable<SupportThread>
      list={list}
      size="small"
      data-testid="support-threads"
      onRow={(thread) => ({
        onClick: () => onSelect(thread),
        style: {
          cursor: 'pointer',
          background: thread.id === selectedId ? 'rgba(22, 119, 255, 0.08)' : undefined,
        },
        'data-testid': `support-thread-${thread.account}`,
      })}
      columns={[
        { title: t('support.account'), dataIndex: 'account', width: 140 },
        {
          title: t('support.lastMessage'),
          key: 'last',
          render: (_, thread) => (
            <Typography.Text ellipsis style={{ maxWidth: 260 }}>
              {thread.lastAuthor === 'operator' ? '↩ ' : ''}
              {thread.lastKind === 'location'
                ? `📍 ${thread.lastText || t('support.sharedLocation')}`
                : thread.lastText}
            </Typography.Text>
          ),
        },
        {
          title: t('support.awaiting'),
          dataIndex: 'awaitingReply',
          width: 110,
          render: (value: number) => (value > 0 ? <Badge count={value} /> : '—'),
        },
        {
          title: t('support.time'),
          dataIndex: 'lastAt',
          width: 170,
          render: (value: number) => formatTime(value),
        },
      ]}
    />
  );
}
