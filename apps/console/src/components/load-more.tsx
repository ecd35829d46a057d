import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The button under a cursor list; hidden once the server says there is nothing more. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div style={{ textAlign: 'center', marginTop: 16 }}>
      <Button onClick={onLoad} loading={loading} data-testid="load-more">
        {t('common.loadMore')}
      </Button>
    </div>
  );
}
