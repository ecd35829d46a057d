import { QueryClient } from '@tanstack/react-query';
import type { RoundDetail } from '@tradehall/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api.tsx';
import { position, round, roundId } from '../../../test/trading-fixtures.ts';
import { applyRoundEvent } from '../hooks/use-room-events.ts';
import { tradingKeys } from '../query-keys.ts';
import { roundFreshUntil, roundQueryOptions } from './round.ts';

const NOW = 1_800_000_000;

describe('roundFreshUntil', () => {
  it('trusts a cached round until its next scheduled move, and a final one for good', () => {
    const open = round(1, NOW, { status: 'open' });
    expect(roundFreshUntil(open)).toBe(open.sealsAt * 1000 + 2_000);
    expect(roundFreshUntil({ ...open, status: 'sealed' })).toBe(open.drawsAt * 1000 + 2_000);
    // A page that was away while the round settled asks again when it comes back after settlesAt.
    expect(roundFreshUntil({ ...open, status: 'drawing' })).toBe(open.settlesAt * 1000 + 2_000);
    expect(roundFreshUntil({ ...open, status: 'settled' })).toBe(Number.POSITIVE_INFINITY);
    expect(roundFreshUntil({ ...open, status: 'void' })).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the round query and the round events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what an event brought while the request was in flight, not the older answer', async () => {
    const queryClient = new QueryClient();
    const id = roundId(1);
    const drawing = round(1, NOW, { status: 'drawing', digits: [1, 2, 3], sum: 6 });
    const mine = position(1, { roundId: id, bet: { category: 'special_number', number: 6 }, amount: 500 });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The server reads the round while it is drawing; the answer arrives after the settlement event.
    fakeApi({
      [`GET /rounds/${id}`]: async () => {
        await answered;
        return json(200, { round: drawing, myPositions: [mine] });
      },
    });
    const fetching = queryClient.fetchQuery(roundQueryOptions(id));
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(tradingKeys.round(id))?.fetchStatus).toBe('fetching'),
    );
    applyRoundEvent(queryClient, { ...drawing, status: 'settled', settledAt: NOW + 43 });
    answer();
    const detail = await fetching;
    expect(detail.round.status).toBe('settled');
    // The position the answer brought is settled by the round the event brought.
    expect(queryClient.getQueryData<RoundDetail>(tradingKeys.round(id))?.myPositions).toEqual([
      expect.objectContaining({ id: mine.id, status: 'won' }),
    ]);
  });
});
