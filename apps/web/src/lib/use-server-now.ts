/**
 * The server's time (ms), for countdowns: the caller re-renders at every turn of a server-clock second.
 * The value is read from the clock at render time, so a render caused by fresh data (which may have
 * corrected the clock's offset) already shows the corrected time.
 */
import { useEffect, useState } from 'react';
import { serverClock } from './server-clock.ts';

export function useServerNow(): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // Wake just after the next whole server second, so "12 s" turns into "11 s" on time.
      const untilNextSecond = 1000 - (serverClock.nowMs() % 1000) + 10;
      timer = setTimeout(() => {
        setTick((tick) => tick + 1);
        schedule();
      }, untilNextSecond);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return serverClock.nowMs();
}
