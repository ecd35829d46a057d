/**
 * /pages/kefu/index (the customer-service tab): the conversation with customer service, oldest at the top.
 * Earlier messages load with "Load earlier" (the list pages newest first); the view follows the newest
 * message as it arrives. A socket.io notice refreshes the conversation (app/realtime/reminders.ts), and
 * an operator's answer shown here pops no Reminder over it; pull down refreshes it too. A location picked
 * on choose-location comes back here and is sent (use-location-return.ts).
 */
import '../../../lib/antd-runtime.ts';
import '../support.css';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { toastError } from '../../../lib/toast.ts';
import { chronological, useSupportMessages } from '../api/support-messages.ts';
import { MessageBubble } from '../components/message-bubble.tsx';
import { MessageComposer } from '../components/message-composer.tsx';
import { useConversationPresence } from '../conversation-presence.ts';
import { useLocationReturn } from '../use-location-return.ts';

export default function SupportPage() {
  const { t } = useTranslation();
  const query = useSupportMessages();
  useConversationPresence();
  useLocationReturn();
  const messages = chronological(query.data);
  const newestId = messages.at(-1)?.id;
  const end = useRef<HTMLDivElement>(null);

  // Keep the newest message in view when one arrives (not when earlier ones are loaded above).
  useEffect(() => {
    const target = end.current;
    if (newestId && target && typeof target.scrollIntoView === 'function')
      target.scrollIntoView({ block: 'end' });
  }, [newestId]);

  const retry = () => void query.refetch().catch(() => {});
  const loadEarlier = () => {
    void query
      .fetchNextPage({ cancelRefetch: false })
      .then((result) => {
        if (result.isFetchNextPageError) toastError(result.error);
      })
      .catch(toastError);
  };

  let body: ReactNode;
  if (query.isPending) body = <DataPlaceholder lines={4} />;
  else if (query.isError && !query.data) body = <ErrorNotice error={query.error} onRetry={retry} />;
  else if (messages.length === 0) body = <EmptyState message={t('support.empty')} />;
  else
    body = (
      <>
        {query.hasNextPage ? (
          <button
            type="button"
            className="text-button text-button--small support-conversation__earlier"
            onClick={loadEarlier}
            disabled={query.isFetchingNextPage}
            data-testid="support-load-earlier"
          >
            {t('support.loadEarlier')}
          </button>
        ) : null}
        <ol className="support-conversation" aria-label={t('support.conversation')}>
          {messages.map((message) => (
            <li key={message.id}>
              <MessageBubble message={message} />
            </li>
          ))}
        </ol>
      </>
    );

  return (
    <div className="page page--tab support-page">
      <PageHeader title={t('titles.kefu')} back={false} />
      <main className="page__body support-page__body">
        <PullToRefresh
          onRefresh={async () => {
            await query.refetch();
          }}
        >
          {body}
          <div ref={end} />
        </PullToRefresh>
      </main>
      <MessageComposer />
    </div>
  );
}
