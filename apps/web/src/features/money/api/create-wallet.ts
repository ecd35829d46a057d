/** POST /wallets: adds a wallet address, checked for its type (TRC20 base58check, ERC20 0x + 40 hex). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWalletRequest, WalletView } from '@tradehall/contracts';
import { walletEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { moneyKeys } from '../query-keys.ts';

export function createWallet(request: CreateWalletRequest): Promise<WalletView> {
  return call(walletEndpoints.create, { body: request });
}

export function useCreateWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWallet,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.wallets }).catch(() => {});
    },
  });
}
