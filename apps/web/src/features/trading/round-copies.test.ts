import type { RoomList, RoundDetail } from '@tradehall/contracts';
import { describe, expect, it } from 'vitest';
import { position, ROOM_ID, room, round, roundId } from '../../test/trading-fixtures.ts';
import { mergePositions, mergeRoom, mergeRoomList, mergeRoundDetail } from './round-copies.ts';

const NOW = 1_800_000_000;
const open = round(1, NOW);
const drawing = { ...open, status: 'drawing' as const, digits: [1, 2, 3], sum: 6, hash: 'ab' };
const settled = { ...drawing, status: 'settled' as const, settledAt: NOW + 43 };
const onSix = position(1, { bet: { category: 'special_number', number: 6 }, amount: 500, multiplier: 1000 });

describe('merging two copies of a round page', () => {
  it('never moves the round back: an older answer after a settlement event keeps the settlement', () => {
    const known: RoundDetail = { round: settled, myPositions: [] };
    const merged = mergeRoundDetail(known, { round: drawing, myPositions: [onSix] });
    expect(merged.round.status).toBe('settled');
    // Positions the older answer brought are settled by the round as it is now.
    expect(merged.myPositions).toEqual([
      expect.objectContaining({ id: onSix.id, status: 'won', payout: 5000 }),
    ]);
  });

  it('takes the newer copy when it is further along', () => {
    const merged = mergeRoundDetail(
      { round: open, myPositions: [onSix] },
      { round: drawing, myPositions: [onSix] },
    );
    expect(merged.round).toBe(drawing);
  });

  it('a drawing round with its digits is further along than one still waiting for its beacon', () => {
    const waiting = { ...drawing, digits: null, sum: null };
    expect(
      mergeRoundDetail({ round: drawing, myPositions: [] }, { round: waiting, myPositions: [] }).round,
    ).toBe(drawing);
  });

  it('keeps a position placed after the answer was read, and never reopens a settled one', () => {
    const placedLater = position(2);
    const won = { ...onSix, status: 'won' as const, payout: 5000 };
    expect(mergePositions([placedLater, won], [onSix])).toEqual([placedLater, won]);
  });

  it('takes a copy of another round as it is (the page moved on)', () => {
    const other = { round: round(2, NOW), myPositions: [] };
    expect(mergeRoundDetail({ round: settled, myPositions: [] }, other)).toBe(other);
  });
});

describe('merging two copies of a room', () => {
  it("never moves the room's current round back, and takes a newer round", () => {
    const known = room({ currentRound: settled });
    expect(mergeRoom(known, room({ currentRound: drawing })).currentRound).toBe(settled);
    const next = round(2, NOW + 60);
    expect(mergeRoom(known, room({ currentRound: next })).currentRound).toBe(next);
    // An older round in the answer (read before the next one opened) does not replace the newer one.
    expect(mergeRoom(room({ currentRound: next }), room({ currentRound: drawing })).currentRound).toBe(next);
  });

  it('merges each room of the list with its own copy', () => {
    const known: RoomList = { items: [room({ currentRound: settled })] };
    const merged = mergeRoomList(known, { items: [room({ currentRound: drawing, paused: true })] });
    expect(merged.items[0]).toMatchObject({
      id: ROOM_ID,
      paused: true,
      currentRound: { id: roundId(1), status: 'settled' },
    });
  });
});
