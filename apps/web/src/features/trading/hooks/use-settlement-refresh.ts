/**
 * When a round this page watches turns final (settled: paid out; void: refunded), the balance and the
 * records change: refresh the account, the money views and the investment and revenue records once.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { RoundView } from '@tradehall/contracts';
import { isFinal } from '@tradehall/domain';
import { useEffect, useRef } from 'react';
import { refreshAfterTrade } from '../query-keys.ts';

export function useSettlementRefresh(round: Pick<RoundView, 'id' | 'status'> | undefined): void {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, boolean>());
  const id = round?.id;
  const final = round ? isFinal(round.status) : false;
  useEffect(() => {
    if (id === undefined) return;
    const wasFinal = seen.current.get(id);
    seen.current.set(id, final);
    if (final && wasFinal === false) refreshAfterTrade(queryClient);
  }, [id, final, queryClient]);
}
