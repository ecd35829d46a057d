import { Skeleton } from 'antd';
import { QueryError } from './query-error.tsx';

/** What stands in for a record until it has loaded: the server's error, or a skeleton. */
export function QueryPlaceholder({ query }: { query: { isError: boolean; error: unknown } }) {
  return query.isError ? <QueryError query={query} /> : <Skeleton active />;
}
