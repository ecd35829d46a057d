/**
 * When a round this page watches turns final (settled: paid out; void: refunded) and the viewer had
 * positions in it, their balance and records change: refresh the account, the money views and the
 * investment and revenue records once. A viewer without positions in it asks for nothing: only the round
 * changed, and its event carried it.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { RoundView } from '@tradehall/contracts';
import { isFinal } from '@tradehall/domain';
import { useEffect, useRef } from 'react';
import { refreshAfterTrade } from '../query-keys.ts';

export function useSettlementRefresh(
  round: Pick<RoundView, 'id' | 'status'> | undefined,
  hadPositions: boolean,
): void {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, boolean>());
  const id = round?.id;
  const final = round ? isFinal(round.status) : false;
  useEffect(() => {
    if (id === undefined) return;
    const wasFinal = seen.current.get(id);
    seen.current.set(id, final);
    if (final && wasFinal === false && hadPositions) refreshAfterTrade(queryClient);
  }, [id, final, hadPositions, queryClient]);
}
