import { Button } from 'antd';

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
  if (!hasMore) return null;
  return (
    <div style={{ textAlign: 'center', marginTop: 16 }}>
      <Button onClick={onLoad} loading={loading} data-testid="load-more">
        Load more
      </Button>
    </div>
  );
}
