import { Button } from 'antd';

/** Reloads a list on demand (new items arrive without it only when the list is refetched). */
export function RefreshButton({
  query,
  label = 'Refresh',
}: {
  query: { refetch: () => Promise<unknown>; isRefetching: boolean };
  label?: string;
}) {
  return (
    <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
      {label}
    </Button>
  );
}
