import { dashboardSchema } from '@tradehall/contracts';
import { request } from '../../lib/api.ts';

export const dashboardQuery = {
  queryKey: ['admin', 'dashboard'] as const,
  queryFn: () => request('/admin/dashboard', dashboardSchema),
  // The queues fill while an operator watches; a minute-old count is stale.
  refetchInterval: 30_000,
};
