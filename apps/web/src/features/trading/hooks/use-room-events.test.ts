import { QueryClient } from '@tanstack/react-query';
import type { RoomList, RoomView, RoundDetail } from '@tradehall/contracts';
import { multiplierHundredths, payoutFor } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { position, room, round, roundId } from '../../../test/trading-fixtures.ts';
import { tradingKeys } from '../query-keys.ts';
import { applyRoundEvent } from './use-room-events.ts';

const NOW = 1_800_000_000;

function seeded() {
  const queryClient = new QueryClient();
  const open = round(1, NOW, { status: 'open' });
  const current: RoomView = room({ currentRound: open });
  queryClient.setQueryData<RoomList>(tradingKeys.rooms, { items: [current] });
  queryClient.setQueryData<RoomView>(tradingKeys.room(current.id), current);
  const long = multiplierHundredths({ category: 'both_sides', type: 'long' }, current.houseEdgeBps);
  const detail: RoundDetail = {
    round: open,
    myPositions: [
      position(1, {
        roundId: roundId(1),
        bet: { category: 'both_sides', type: 'long' },
        amount: 1_000,
        multiplier: long,
      }),
      position(2, { roundId: roundId(1), bet: { category: 'special_number', number: 3 }, amount: 500 }),
    ],
  };
  queryClient.setQueryData<RoundDetail>(tradingKeys.round(roundId(1)), detail);
  return { queryClient, open, long };
}

describe('applyRoundEvent', () => {
  it('moves the room list, the room and the round on from the event, and asks the server nothing', () => {
    const { queryClient, open } = seeded();
    const fetched: string[] = [];
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'fetch')
        fetched.push(String(event.query.queryKey));
    });
    for (const status of ['sealed', 'drawing'] as const) {
      applyRoundEvent(queryClient, { ...open, status, userCount: 7 });
      expect(queryClient.getQueryData<RoomList>(tradingKeys.rooms)?.items[0]?.currentRound?.status).toBe(
        status,
      );
      expect(queryClient.getQueryData<RoomView>(tradingKeys.room(open.roomId))?.currentRound?.userCount).toBe(
        7,
      );
      expect(queryClient.getQueryData<RoundDetail>(tradingKeys.round(open.id))?.round.status).toBe(status);
    }
    applyRoundEvent(queryClient, {
      ...open,
      status: 'settled',
      sum: 20,
      digits: [9, 9, 2],
      settledAt: NOW + 70,
    });
    const next = round(2, NOW + 70, { status: 'open' });
    applyRoundEvent(queryClient, next);
    expect(queryClient.getQueryData<RoomList>(tradingKeys.rooms)?.items[0]?.currentRound?.id).toBe(next.id);
    expect(fetched).toEqual([]);
    expect(queryClient.getQueryState(tradingKeys.round(open.id))?.isInvalidated).toBe(false);
  });

  it('settles my positions as the server does: won by the sum, lost otherwise', () => {
    const { queryClient, open, long } = seeded();
    applyRoundEvent(queryClient, {
      ...open,
      status: 'settled',
      sum: 20,
      digits: [9, 9, 2],
      settledAt: NOW + 70,
    });
    const mine = queryClient.getQueryData<RoundDetail>(tradingKeys.round(open.id))?.myPositions ?? [];
    expect(mine.map((p) => [p.status, p.payout, p.settledAt])).toEqual([
      ['won', payoutFor(1_000, long), NOW + 70],
      ['lost', 0, NOW + 70],
    ]);
  });

  it('refunds every stake of a void round', () => {
    const { queryClient, open } = seeded();
    applyRoundEvent(queryClient, { ...open, status: 'void', settledAt: NOW + 30 });
    const mine = queryClient.getQueryData<RoundDetail>(tradingKeys.round(open.id))?.myPositions ?? [];
    expect(mine.map((p) => [p.status, p.payout])).toEqual([
      ['refunded', 1_000],
      ['refunded', 500],
    ]);
  });
});
