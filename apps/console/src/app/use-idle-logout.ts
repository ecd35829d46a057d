/**
 * Ends the console session after the server's idle timeout without any operator input. The server
 * enforces the same limit on requests; this catches a console left open with screens still polling.
 */
import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel'] as const;
const CHECK_EVERY_MS = 5_000;

export function useIdleLogout(idleSeconds: number, onIdle: () => void): void {
  const lastActivity = useRef(Date.now());
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    lastActivity.current = Date.now();
    const touch = () => {
      lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= idleSeconds * 1000) onIdleRef.current();
    }, CHECK_EVERY_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch);
      window.clearInterval(timer);
    };
  }, [idleSeconds]);
}
