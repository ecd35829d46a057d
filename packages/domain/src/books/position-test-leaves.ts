/** Leaves for the positions tests: deterministic ids and salts, a fast-check arbitrary of whole rounds. */
import fc from 'fast-check';
import { allBets } from '../rounds/bets.ts';
import { ownerCommitment, type PositionLeaf } from './position-leaf.ts';

export const ROUND_ID = '0190f0a0-0000-7000-8000-000000000001';

export function uuidOf(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `0190f0a0-1111-7222-8333-${hex}`;
}

export function saltOf(n: number): string {
  return n.toString(16).padStart(32, '0');
}

export function userOf(n: number): string {
  return `0190f0a0-2222-7333-8444-${n.toString(16).padStart(12, '0')}`;
}

export function leafOf(n: number, overrides: Partial<PositionLeaf> = {}): PositionLeaf {
  const bets = allBets();
  return {
    roundId: ROUND_ID,
    positionId: uuidOf(n),
    ownerCommitment: ownerCommitment(userOf(n % 7), saltOf(n)),
    bet: bets[n % bets.length] ?? { category: 'both_sides', type: 'long' },
    amount: 100 + ((n * 37) % 5_000),
    multiplier: 196,
    ...overrides,
  };
}

/** A round of 1..40 distinct positions, in no particular order. */
export const leavesArbitrary = fc
  .uniqueArray(fc.nat(1_000_000), { minLength: 1, maxLength: 40 })
  .map((ids) => ids.map((n) => leafOf(n)));
