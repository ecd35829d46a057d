/** The assets page: the balance, what of it can be withdrawn, and the totals behind it. Integer cents. */
import { z } from 'zod';

export const assetsResponseSchema = z.object({
  currency: z.string(),
  balance: z.number().int(),
  withdrawable: z.number().int(),
  /** Held by withdrawals that are requested and not yet paid or rejected. */
  held: z.number().int(),
  totalDeposited: z.number().int(),
  totalWithdrawn: z.number().int(),
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /**
   * The turnover rule: deposits become withdrawable once stakes of `turnoverMultiplier` times them have
   * been placed; `stakesOwed` is what is still to be staked (0 when met or when the rule is off).
   */
  turnover: z.object({
    multiplier: z.number().nonnegative(),
    totalDeposited: z.number().int(),
    totalStaked: z.number().int(),
    stakesOwed: z.number().int(),
  }),
});
export type AssetsResponse = z.infer<typeof assetsResponseSchema>;
