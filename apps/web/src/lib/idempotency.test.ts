import { idempotencyKeyField } from '@tradehall/contracts';
import { describe, expect, it } from 'vitest';
import { IdempotencyKeeper, newIdempotencyKey } from './idempotency.ts';

const request = { method: 'offline', amount: 1050, depositorName: 'Li Wei' };

describe('idempotency keys', () => {
  it('are random and accepted by the contract', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(idempotencyKeyField.safeParse(key).success).toBe(true);
  });

  it('stay the same on every retry of the same submission (network error, timeout)', () => {
    const keeper = new IdempotencyKeeper();
    const first = keeper.keyFor(request);
    expect(keeper.keyFor(request)).toBe(first);
    expect(keeper.keyFor({ ...request })).toBe(first);
  });

  it('are new after a success', () => {
    const keeper = new IdempotencyKeeper();
    const first = keeper.keyFor(request);
    keeper.succeeded();
    const second = keeper.keyFor(request);
    expect(second).not.toBe(first);
    expect(keeper.keyFor(request)).toBe(second);
  });

  it('are new after the user edits the form, even if the values end up the same', () => {
    const keeper = new IdempotencyKeeper();
    const first = keeper.keyFor(request);
    keeper.edited();
    expect(keeper.keyFor(request)).not.toBe(first);
  });

  it('are new for a different request (the server refuses a key reused with other details)', () => {
    const keeper = new IdempotencyKeeper();
    const first = keeper.keyFor(request);
    const other = keeper.keyFor({ ...request, amount: 2000 });
    expect(other).not.toBe(first);
    expect(keeper.keyFor({ ...request, amount: 2000 })).toBe(other);
  });
});
