/** The market overview: today's volume and traders, and every room's recent results for the trend charts. */
import { z } from 'zod';
import { idField, unixSeconds } from './common.ts';
import { roomTierSchema, roundSchema } from './rounds.ts';

export const marketOverviewSchema = z.object({
  /** UTC date of "today", YYYY-MM-DD. */
  tradingDate: z.string(),
  /** Sum of stakes placed today. */
  todayVolume: z.number().int(),
  /** Distinct users with a position today. */
  tradingUsers: z.number().int(),
  rooms: z.array(
    z.object({
      roomId: idField,
      tier: roomTierSchema,
      currentRound: roundSchema.nullable(),
      /** Last settled rounds, newest first (at most 30): for the trend charts. */
      recent: z.array(z.object({ issue: z.string(), sum: z.number().int(), settledAt: unixSeconds })),
      /** Over `recent`: how often the sum was long (14-27), short, single (odd), double (even). */
      frequencies: z.object({
        long: z.number().int(),
        short: z.number().int(),
        single: z.number().int(),
        double: z.number().int(),
      }),
      /** Users' total payout minus stakes in the room's last settled round. */
      lastRoundProfit: z.number().int().nullable(),
    }),
  ),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;
