/**
 * A paged list (recharge, withdrawal, transaction, investment and revenue records; a room's rounds):
 * newest first, pull down to refresh, more pages load as the end scrolls into view (antd-mobile
 * InfiniteScroll over useInfiniteQuery, the cursor being the last page's nextCursor). A "Load more"
 * button does the same for keyboards and screen readers. Loading, empty and failed states each have their
 * own view; a failure offers a retry.
 */
import '../../lib/antd-runtime.ts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../lib/page.ts';
import { DataPlaceholder } from './data-placeholder.tsx';
import { EmptyState } from './empty-state.tsx';
import { ErrorNotice } from './error-notice.tsx';

export interface RecordsListProps<T extends { id: string }> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  renderItem: (item: T) => ReactNode;
  label: string;
  /** What an empty list says; "No records yet" by default. */
  emptyMessage?: string;
}

export function RecordsList<T extends { id: string }>({
  query,
  renderItem,
  label,
  emptyMessage,
}: RecordsListProps<T>) {
  const { t } = useTranslation();
  const retry = () => void query.refetch().catch(() => {});

  if (query.isPending) return <DataPlaceholder lines={4} />;
  if (query.isError && !query.data) return <ErrorNotice error={query.error} onRetry={retry} />;

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const refresh = async () => {
    await query.refetch();
  };
  const loadMore = async () => {
    // cancelRefetch false: a tap and a scroll asking at once share one request for the next page.
    const result = await query.fetchNextPage({ cancelRefetch: false });
    // InfiniteScroll shows its failed state (with a retry) when this rejects.
    if (result.isFetchNextPageError) throw result.error;
  };

  return (
    <PullToRefresh onRefresh={refresh}>
      {items.length === 0 ? (
        <EmptyState message={emptyMessage ?? t('records.empty')} />
      ) : (
        <ul className="records-list" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {items.length > 0 ? (
        <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
          {(hasMore, failed, retryMore) => (
            <div className="records-list__footer" aria-live="polite">
              {!hasMore ? (
                <span>{t('records.noMore')}</span>
              ) : failed || query.isFetchNextPageError ? (
                <>
                  <span>{t('records.loadMoreFailed')}</span>
                  <button
                    type="button"
                    className="text-button text-button--small"
                    onClick={() => (failed ? retryMore() : void loadMore().catch(() => {}))}
                    data-testid="records-retry-more"
                  >
                    {t('common.retry')}
                  </button>
                </>
              ) : query.isFetchingNextPage ? (
                <span>{t('records.loadingMore')}</span>
              ) : (
                <button
                  type="button"
                  className="text-button text-button--small"
                  onClick={() => void loadMore().catch(() => {})}
                  data-testid="records-load-more"
                >
                  {t('records.loadMore')}
                </button>
              )}
            </div>
          )}
        </InfiniteScroll>
      ) : null}
    </PullToRefresh>
  );
}
