import { adminDashboardEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

export const dashboardQuery = {
  queryKey: ['admin', 'dashboard'] as const,
  queryFn: () => call(adminDashboardEndpoints.get),
  // The queues fill while an operator watches; a minute-old count is stale.
  refetchInterval: 30_000,
};
