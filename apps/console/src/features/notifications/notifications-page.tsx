/** Compose a notification, and everything sent so far (newest first). */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { CursorTable } from '../../components/cursor-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { fetchSentPage, notificationsKey, type SentNotification } from './api.ts';
import { ComposeForm } from './compose-form.tsx';

export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useCursorList(notificationsKey, (cursor) => fetchSentPage(cursor));
  return (
    <>
      <PageTitle title={t('notifications.title')} />
      <ComposeForm />
      <Card
        title={t('notifications.sentList')}
        extra={<RefreshButton query={list.query} label={t('notifications.refresh')} />}
      >
        <CursorTable<SentNotification>
          list={list}
          size="small"
          data-testid="notify-sent"
          columns={[
            {
              title: t('notifications.time'),
              dataIndex: 'createdAt',
              width: 180,
              render: (value: number) => formatTime(value),
            },
            {
              title: t('notifications.to'),
              key: 'to',
              width: 160,
              render: (_, item) =>
                item.audience === 'all' ? t('notifications.everyone') : (item.account ?? item.userId ?? '—'),
            },
            { title: t('notifications.titleLabel'), dataIndex: 'title', width: 240 },
            {
              title: t('notifications.content'),
              dataIndex: 'content',
              render: (value: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>,
            },
          ]}
        />
      </Card>
    </>
  );
}
