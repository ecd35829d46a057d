import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock.ts';

/** A local clock the test moves by hand. */
function localClock(start: number) {
  let now = start;
  return { now: () => now, set: (value: number) => (now = value) };
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('server clock', () => {
  it('knows nothing before the first answer: the local clock as it is', () => {
    const local = localClock(1_000_000);
    const clock = new ServerClock(local.now);
    expect(clock.offsetMs()).toBe(0);
    expect(clock.nowMs()).toBe(1_000_000);
  });

  it('estimates the offset from the Date header within half a second, however wrong the local clock is', () => {
    const serverNow = Date.UTC(2026, 10, 21, 12, 0, 0, 400);
    const localSkew = -3_600_000; // this phone runs an hour behind
    const local = localClock(serverNow + localSkew);
    const clock = new ServerClock(local.now);
    // Sent at local t0, answered 40 ms later; the header says the whole second the server was in.
    clock.observe(httpDate(serverNow), local.now() - 40, local.now());
    expect(Math.abs(clock.nowMs() - serverNow)).toBeLessThanOrEqual(500);
    // Server minus local lies between (header - t1) and (header + 1 s - t0).
    expect(clock.bounds()).toEqual({ low: 3_600_000 - 400, high: 3_600_000 + 1000 - 400 + 40 });
  });

  it('narrows the estimate with every answer', () => {
    const offset = 90_123; // the true server-minus-local offset
    const local = localClock(5_000_000);
    const clock = new ServerClock(local.now);
    for (const t0 of [5_000_000, 5_000_250, 5_000_500, 5_000_830]) {
      const t1 = t0 + 20;
      const serverAtAnswer = t0 + 10 + offset;
      clock.observe(httpDate(Math.floor(serverAtAnswer / 1000) * 1000), t0, t1);
    }
    const bounds = clock.bounds();
    expect(bounds && bounds.high - bounds.low).toBeLessThan(200);
    expect(Math.abs(clock.offsetMs() - offset)).toBeLessThan(100);
  });

  it('starts over when the local clock jumps (a new answer that cannot fit the old estimate)', () => {
    const local = localClock(1_000_000);
    const clock = new ServerClock(local.now);
    clock.observe(httpDate(1_000_000), 999_990, 1_000_000);
    expect(Math.abs(clock.offsetMs())).toBeLessThan(1000);
    // The user sets the phone's clock 10 minutes ahead.
    clock.observe(httpDate(1_001_000), 1_601_000, 1_601_010);
    expect(Math.abs(clock.offsetMs() + 600_000)).toBeLessThan(1000);
  });

  it('ignores answers without a usable Date header', () => {
    const clock = new ServerClock(() => 0);
    clock.observe(null, 0, 10);
    clock.observe('not a date', 0, 10);
    expect(clock.bounds()).toBeNull();
  });
});
