import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Reloads a list on demand (new items arrive without it only when the list is refetched). */
export function RefreshButton({
  query,
  label,
}: {
  query: { refetch: () => Promise<unknown>; isRefetching: boolean };
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
      {label ?? t('common.refresh')}
    </Button>
  );
}
