/**
 * One user's conversation, oldest at the top (the server pages newest first), and the reply box. A shared
 * location shows as its place with a link to the map.
 */
import { Card, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { fetchMessagePage, messagesKey, type SupportMessage, type SupportThread } from './api.ts';
import { LocationMessage } from './location-message.tsx';
import { ReplyBox } from './reply-box.tsx';

/** How often an open conversation looks for new user messages. */
const POLL_MS = 10_000;

export function Conversation({ thread }: { thread: SupportThread }) {
  const { t } = useTranslation();
  const list = useCursorList(
    messagesKey(thread.userId),
    (cursor) => fetchMessagePage(thread.userId, cursor),
    {
      refetchInterval: POLL_MS,
    },
  );
  const { query } = list;
  // Loaded pages run newest -> oldest; a chat reads top to bottom, so reverse a copy.
  const oldestFirst = [...list.items].reverse();

  return (
    <Card
      title={t('support.conversationWith', { account: thread.account })}
      extra={<RefreshButton query={query} label={t('support.refresh')} />}
      data-testid="support-conversation"
    >
      <QueryError query={query} />
      {/* Older messages sit above the ones shown, so their button is at the top. */}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
      <div style={{ maxHeight: 480, overflowY: 'auto', margin: '12px 0' }} data-testid="support-messages">
        {query.isSuccess && oldestFirst.length === 0 && <Empty description={t('support.noMessages')} />}
        <Space orientation="vertical" style={{ width: '100%' }}>
          {oldestFirst.map((item) => (
            <MessageBubble key={item.id} message={item} />
          ))}
        </Space>
      </div>
      <ReplyBox key={thread.userId} userId={thread.userId} />
    </Card>
  );
}

function MessageBubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.author === 'operator';
  return (
    <div
      style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
      data-testid={`support-message-${message.author}`}
    >
      <div
        style={{
          maxWidth: '75%',
          padding: '8px 12px',
          borderRadius: 8,
          background: mine ? '#e6f4ff' : '#f5f5f5',
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {mine
            ? message.operatorAccount
              ? t('support.fromOperator', { account: message.operatorAccount })
              : t('support.fromOperatorUnknown')
            : t('support.fromUser')}{' '}
          · {formatTime(message.createdAt)}
        </Typography.Text>
        {message.kind === 'location' && message.location ? (
          <LocationMessage location={message.location} />
        ) : (
          /* Plain text, never HTML: React escapes it; pre-wrap keeps the user's line breaks. */
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="support-message-text">
            {message.text}
          </div>
        )}
      </div>
    </div>
  );
}
