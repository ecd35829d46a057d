import { describe, expect, it } from 'vitest';
import { betCode, compareLeaves, leafProblem, leafText, ownerCommitment } from './position-leaf.ts';
import { leafOf, ROUND_ID, saltOf, userOf, uuidOf } from './position-test-leaves.ts';

describe('position leaf', () => {
  it('is one line of tagged, pipe-separated fields', () => {
    const leaf = leafOf(3, {
      bet: { category: 'special_number', number: 7 },
      amount: 1_250,
      multiplier: 1388,
    });
    expect(leafText(leaf)).toBe(
      `tradehall/position/v1|${ROUND_ID}|${uuidOf(3)}|${leaf.ownerCommitment}|special_number:7|1250|1388`,
    );
    expect(betCode({ category: 'both_sides', type: 'single_long' })).toBe('both_sides:single_long');
  });

  it('refuses every malformed field instead of encoding it ambiguously', () => {
    const leaf = leafOf(1);
    expect(leafProblem(leaf)).toBeNull();
    expect(leafProblem({ ...leaf, roundId: ROUND_ID.toUpperCase() })).toBe('roundId');
    expect(leafProblem({ ...leaf, positionId: 'x|y' })).toBe('positionId');
    expect(leafProblem({ ...leaf, ownerCommitment: 'ab' })).toBe('ownerCommitment');
    expect(leafProblem({ ...leaf, bet: { category: 'special_number', number: 28 } })).toBe('bet');
    expect(leafProblem({ ...leaf, amount: 0 })).toBe('amount');
    expect(leafProblem({ ...leaf, amount: 1.5 })).toBe('amount');
    expect(leafProblem({ ...leaf, multiplier: -1 })).toBe('multiplier');
    expect(() => leafText({ ...leaf, amount: Number.MAX_SAFE_INTEGER + 2 })).toThrow(RangeError);
  });

  it('commits to the owner only through the salt', () => {
    const commitment = ownerCommitment(userOf(1), saltOf(9));
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(ownerCommitment(userOf(1), saltOf(9))).toBe(commitment);
    expect(ownerCommitment(userOf(1), saltOf(10))).not.toBe(commitment);
    expect(ownerCommitment(userOf(2), saltOf(9))).not.toBe(commitment);
    expect(() => ownerCommitment('someone', saltOf(9))).toThrow(RangeError);
    expect(() => ownerCommitment(userOf(1), 'abcd')).toThrow(RangeError);
  });

  it('orders leaves by position id', () => {
    expect(compareLeaves(leafOf(1), leafOf(2))).toBe(-1);
    expect(compareLeaves(leafOf(2), leafOf(1))).toBe(1);
    expect(compareLeaves(leafOf(2), leafOf(2))).toBe(0);
  });
});
