/**
 * The worker's tree (node:crypto's SHA-256, leaves written as array literals a batch each) is the tree the
 * domain builds with its default hash from the same salts: same root, same total, same packed levels, and
 * the batches hold every leaf once, in tree order.
 */
import { liabilitiesTree } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { computeTree } from './liabilities-compute.ts';
import { packLevel } from './liabilities-storage.ts';

const literal = (text: string) => text.slice(1, -1).split(',');

describe('computeTree', () => {
  it('builds the domain tree, and writes its leaves in batches of array literals', () => {
    const userIds = Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const amounts = [0, 1, 490_00, 300_00, 7, Number.MAX_SAFE_INTEGER - 490_00 - 300_00 - 8, 0];
    const tree = computeTree(userIds, amounts, 3);
    expect(tree.leafBatches).toHaveLength(3);
    const ids = tree.leafBatches.flatMap((batch) => literal(batch.userIds));
    const positions = tree.leafBatches.flatMap((batch) => literal(batch.positions)).map(Number);
    const salts = tree.leafBatches.flatMap((batch) => literal(batch.salts));
    const leafAmounts = tree.leafBatches.flatMap((batch) => literal(batch.amounts)).map(Number);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...ids].sort()).toEqual(userIds);
    expect(salts).toEqual([...salts].sort());
    for (const [i, id] of ids.entries()) expect(leafAmounts[i]).toBe(amounts[userIds.indexOf(id)]);

    const steps = liabilitiesTree(
      ids.map((userId, i) => ({
        userId,
        salt: Uint8Array.from(Buffer.from(salts[i] ?? '', 'hex')),
        amount: leafAmounts[i] ?? -1,
      })),
    );
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(tree.root).toBe(step.value.root);
    expect(tree.total).toBe(Number.MAX_SAFE_INTEGER);
    expect(tree.levels.map((level) => Buffer.from(level).toString('hex'))).toEqual(
      step.value.levels.map((level) => Buffer.from(packLevel(level)).toString('hex')),
    );
  });

  it('refuses a user id that an array literal would have to quote', () => {
    expect(() => computeTree(['a,b'], [1], 10)).toThrow(/plain uuid/);
  });
});
