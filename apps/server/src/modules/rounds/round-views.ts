/** Rows to wire shapes (contracts' roundSchema and roomSchema). */
import type { RoomView, RoundView } from '@tradehall/contracts';
import { toUnixSeconds } from '../../platform/clock.ts';
import type { Room } from './rooms.repository.ts';
import type { RoundViewRow } from './rounds.repository.ts';

export function toRoundView(row: RoundViewRow): RoundView {
  // The hash and digits are NULL in the database until the round is drawn; checked again here so a view
  // can never show a result for a round that has not reached drawing.
  const drawn = row.status === 'drawing' || row.status === 'settled' || row.status === 'void';
  const digits = drawn && row.digits?.length === 3 ? row.digits.map(Number) : null;
  return {
    id: row.id,
    roomId: row.room_id,
    issue: row.issue,
    status: row.status,
    opensAt: toUnixSeconds(row.opens_at),
    sealsAt: toUnixSeconds(row.seals_at),
    drawsAt: toUnixSeconds(row.draws_at),
    settlesAt: toUnixSeconds(row.settles_at),
    settledAt: row.settled_at ? toUnixSeconds(row.settled_at) : null,
    commitment: row.commitment,
    salt: row.salt,
    hash: drawn ? row.hash : null,
    digits,
    sum: drawn ? row.sum : null,
    userCount: row.user_count,
    fairness: {
      scheme: row.beacon_kind === null ? 'v1' : 'v2',
      beacon: row.beacon_kind,
      beaconRound: row.beacon_round === null ? null : Number(row.beacon_round),
    },
    voidReason: row.status === 'void' ? row.void_reason : null,
    positions:
      row.positions_root === null || row.positions_count === null || row.positions_version === null
        ? null
        : { root: row.positions_root, leafCount: row.positions_count, version: row.positions_version },
  };
}

/** `balance` is the signed-in viewer's; null for an anonymous viewer (not qualified, all of it missing). */
export function toRoomView(room: Room, current: RoundViewRow | undefined, balance: number | null): RoomView {
  const missing = balance === null ? room.entryMinimum : Math.max(0, room.entryMinimum - balance);
  return {
    id: room.id,
    tier: room.tier,
    entryMinimum: room.entryMinimum,
    stakeMinimum: room.stakeMinimum,
    stakeMaximum: room.stakeMaximum,
    roundSeconds: room.roundSeconds,
    sealedSeconds: room.sealedSeconds,
    houseEdgeBps: room.houseEdgeBps,
    paused: room.paused,
    currentRound: current ? toRoundView(current) : null,
    qualified: balance !== null && missing === 0,
    missingForEntry: missing,
  };
}
