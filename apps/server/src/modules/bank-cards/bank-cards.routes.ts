/** A user's bank cards: list, bind one in the real name, remove one. */
import { bankCardEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import type { UserGuard } from '../../platform/guards/user-guard.ts';
import { payoutDestinationRoutes } from '../payout-destinations/payout-destinations.routes.ts';
import type { BankCardsService } from './bank-cards.service.ts';

export function bankCardsRoutes(deps: {
  bankCards: BankCardsService;
  userGuard: UserGuard;
}): FastifyPluginAsync {
  return payoutDestinationRoutes(bankCardEndpoints, { service: deps.bankCards, userGuard: deps.userGuard });
}
