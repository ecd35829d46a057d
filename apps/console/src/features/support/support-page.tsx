/** Customer service inbox: conversations on the left, the selected one with its reply box on the right. */
import { Card, Col, Empty, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { fetchThreadPage, type SupportThread, threadsKey } from './api.ts';
import { Conversation } from './conversation.tsx';
import { ThreadsTable } from './threads-table.tsx';

/** How often the inbox looks for new conversations and messages. */
const POLL_MS = 15_000;

export function SupportPage() {
  const { t } = useTranslation();
  const list = useCursorList(threadsKey, (cursor) => fetchThreadPage(cursor), { refetchInterval: POLL_MS });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Read the selected row from the current list so its account and counts stay fresh.
  const selected = list.items.find((thread) => thread.id === selectedId) ?? null;

  return (
    <>
      <PageTitle title={t('support.title')} />
      <Row gutter={16}>
        <Col xs={24} xl={11}>
          <Card
            title={t('support.threads')}
            extra={<RefreshButton query={list.query} label={t('support.refresh')} />}
          >
            <ThreadsTable
              list={list}
              selectedId={selectedId}
              onSelect={(thread: SupportThread) => setSelectedId(thread.id)}
            />
          </Card>
        </Col>
        <Col xs={24} xl={13}>
          {selected ? (
            <Conversation thread={selected} />
          ) : (
            <Card>
              <Empty description={t('support.pickThread')} />
            </Card>
          )}
        </Col>
      </Row>
    </>
  );
}
