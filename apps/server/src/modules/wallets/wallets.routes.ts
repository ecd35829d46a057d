/** A user's USDT wallets: list, add one, remove one. */
import { walletEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { payoutDestinationRoutes } from '../payout-destinations/payout-destinations.routes.ts';
import type { WalletsService } from './wallets.service.ts';

export function walletsRoutes(deps: { wallets: WalletsService }): FastifyPluginAsync {
  return payoutDestinationRoutes(walletEndpoints, { service: deps.wallets });
}
