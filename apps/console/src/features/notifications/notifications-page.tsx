/** Compose a notification, and everything sent so far (newest first). */
import { Alert, Button, Card, Table } from 'antd';
import { LoadMore } from '../../components/load-more.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { fetchSentPage, notificationsKey, type SentNotification } from './api.ts';
import { ComposeForm } from './compose-form.tsx';
import { notificationStrings as s } from './strings.ts';

export function NotificationsPage() {
  const { items, query } = useCursorList(notificationsKey, (cursor) => fetchSentPage(cursor));
  return (
    <>
      <PageTitle title={s.title} />
      <ComposeForm />
      <Card
        title={s.sentList}
        extra={
          <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
            {s.refresh}
          </Button>
        }
      >
        {query.isError && <Alert type="error" title={errorMessage(query.error)} showIcon />}
        <Table<SentNotification>
          rowKey="id"
          size="small"
          loading={query.isPending}
          dataSource={items}
          pagination={false}
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
        <LoadMore
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
        />
      </Card>
    </>
  );
}
