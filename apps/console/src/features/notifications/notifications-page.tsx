/** Compose a notification, and everything sent so far (newest first). */
import { Card } from 'antd';
import { CursorTable } from '../../components/cursor-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { fetchSentPage, notificationsKey, type SentNotification } from './api.ts';
import { ComposeForm } from './compose-form.tsx';
import { notificationStrings as s } from './strings.ts';

export function NotificationsPage() {
  const list = useCursorList(notificationsKey, (cursor) => fetchSentPage(cursor));
  return (
    <>
      <PageTitle title={s.title} />
      <ComposeForm />
      <Card title={s.sentList} extra={<RefreshButton query={list.query} label={s.refresh} />}>
        <CursorTable<SentNotification>
          list={list}
          size="small"
          data-testid="notify-sent"
          columns={[
            {
              title: s.time,
              dataIndex: 'createdAt',
              width: 180,
              render: (value: number) => formatTime(value),
            },
            {
              title: s.to,
              key: 'to',
              width: 160,
              render: (_, item) =>
                item.audience === 'all' ? s.everyone : (item.account ?? item.userId ?? '—'),
            },
            { title: s.titleLabel, dataIndex: 'title', width: 240 },
            {
              title: s.content,
              dataIndex: 'content',
              render: (value: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>,
            },
          ]}
        />
      </Card>
    </>
  );
}
