/**
 * The user's cards or wallets: one row each (what, masked number or address), a Remove button that asks
 * first, and the loading, failed and empty states of the list.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../components/ui/confirm-dialog.ts';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { showToast, toastError } from '../../../lib/toast.ts';

export interface RemovableListProps<T extends { id: string }> {
  query: UseQueryResult<{ items: T[] }>;
  label: string;
  emptyMessage: string;
  renderItem: (item: T) => ReactNode;
  /** The question asked before removing, and the toast once removed. */
  removeConfirm: string;
  removedMessage: string;
  remove: (id: string) => Promise<unknown>;
  testIdPrefix: string;
}

export function RemovableList<T extends { id: string }>({
  query,
  label,
  emptyMessage,
  renderItem,
  removeConfirm,
  removedMessage,
  remove,
  testIdPrefix,
}: RemovableListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <DataPlaceholder lines={3} />;
  if (query.isError)
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch().catch(() => {})} />;
  const items = query.data.items;
  if (items.length === 0) return <EmptyState message={emptyMessage} />;

  const onRemove = async (id: string) => {
    const confirmed = await confirmDialog({
      content: removeConfirm,
      confirmText: t('common.remove'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove(id);
      showToast(removedMessage, 'success');
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ul className="removable-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="removable-list__item" data-testid={`${testIdPrefix}-${item.id}`}>
          <div className="removable-list__content">{renderItem(item)}</div>
          <button
            type="button"
            className="text-button text-button--small text-button--danger"
            onClick={() => void onRemove(item.id).catch(() => {})}
            data-testid={`${testIdPrefix}-remove-${item.id}`}
          >
            {t('common.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
