/** A user's bank cards: list, bind one in the real name, remove one. */
import { bankCardEndpoints } from '@tradehall/contracts/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { payoutDestinationRoutes } from '../payout-destinations/payout-destinations.routes.ts';
import type { BankCardsService } from './bank-cards.service.ts';

export function bankCardsRoutes(deps: { bankCards: BankCardsService }): FastifyPluginAsync {
  return payoutDestinationRoutes(bankCardEndpoints, { service: deps.bankCards });
}
