import { Alert } from 'antd';
import { errorMessage } from '../lib/api.ts';

/** The server's message for a query that failed; nothing while it has not. */
export function QueryError({ query }: { query: { isError: boolean; error: unknown } }) {
  if (!query.isError) return null;
  return <Alert type="error" title={errorMessage(query.error)} showIcon />;
}
