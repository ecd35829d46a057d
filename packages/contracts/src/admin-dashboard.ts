/** The console's dashboard: the queues waiting, today's figures and the ledger check. Integer cents. */
import { z } from 'zod';
import { unixSeconds } from './common.ts';

export const dashboardSchema = z.object({
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /** Sum of stakes placed today (UTC). */
  todayVolume: z.number().int(),
  /** Distinct users with a session active or a position placed today. */
  activeUsers: z.number().int(),
  /** House profit and loss today: stakes lost minus winnings paid (net of stakes), in cents. */
  houseProfitToday: z.number().int(),
  ledgerOk: z.boolean(),
  checkedAt: unixSeconds,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
