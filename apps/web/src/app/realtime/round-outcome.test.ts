import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { MeResponse, PositionView } from '@tradehall/contracts';
import { describe, expect, it } from 'vitest';
import { tradingKeys } from '../../features/trading/query-keys.ts';
import { ME_QUERY_KEY } from '../../lib/me.ts';
import { applyRoundOutcome } from './user-events.tsx';

const me = { id: 'u1', balance: 10_000, withdrawable: 0 } as MeResponse;
const position = (id: string): PositionView =>
  ({ id, roundId: 'r1', status: 'open', payout: null, settledAt: null }) as PositionView;

describe('a round outcome from the user topic', () => {
  it('updates the account and the investment records on screen without asking the server', async () => {
    const client = new QueryClient();
    let meFetches = 0;
    let positionFetches = 0;
    client.setQueryData(ME_QUERY_KEY, me);
    client.setQueryData(tradingKeys.positions, {
      pages: [{ items: [position('p1'), position('p2')], nextCursor: null }],
      pageParams: [null],
    });
    // Both on screen, as on the round page and the investment records.
    const meObserver = new QueryObserver(client, {
      queryKey: ME_QUERY_KEY,
      queryFn: () => {
        meFetches++;
        return me;
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = meObserver.subscribe(() => {});
    const positionsObserver = new QueryObserver(client, {
      queryKey: tradingKeys.positions,
      queryFn: () => {
        positionFetches++;
        return null;
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribePositions = positionsObserver.subscribe(() => {});

    applyRoundOutcome(client, {
      roundId: 'r1',
      balance: 29_400,
      withdrawable: 19_400,
      positions: [{ id: 'p2', status: 'won', payout: 19_400, settledAt: 1_800_000_000 }],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(client.getQueryData<MeResponse>(ME_QUERY_KEY)).toMatchObject({
      balance: 29_400,
      withdrawable: 19_400,
    });
    const pages = client.getQueryData<{ pages: Array<{ items: PositionView[] }> }>(tradingKeys.positions);
    expect(pages?.pages[0]?.items.map(({ id, status, payout }) => ({ id, status, payout }))).toEqual([
      { id: 'p1', status: 'open', payout: null },
      { id: 'p2', status: 'won', payout: 19_400 },
    ]);
    expect({ meFetches, positionFetches }).toEqual({ meFetches: 0, positionFetches: 0 });
    unsubscribe();
    unsubscribePositions();
  });
});
