/** A cursor list as a table: the server's error, the rows read so far, and "Load more" under them. */
import { Table, type TableProps } from 'antd';
import type { CursorList } from '../lib/use-cursor-list.ts';
import { LoadMore } from './load-more.tsx';
import { QueryError } from './query-error.tsx';

export function CursorTable<T extends { id: string }>({
  list,
  ...table
}: { list: CursorList<T> } & Omit<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'pagination'>) {
  const { items, query } = list;
  return (
    <>
      <QueryError query={query} />
      <Table<T> {...table} rowKey="id" loading={query.isPending} dataSource={items} pagination={false} />
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </>
  );
}
