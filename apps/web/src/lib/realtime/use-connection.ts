/** The connection's state for components, and a callback for every reconnect (events may have been missed). */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { realtime } from './realtime.ts';
import type { ConnectionState } from './realtime-client.ts';

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(realtime.onStateChange, realtime.getState);
}

/**
 * Runs `onReconnect` each time the connection is back after having been lost: what the page shows may
 * have changed meanwhile, so it asks the server again.
 */
export function useRealtimeReconnect(onReconnect: () => void): void {
  const latest = useRef(onReconnect);
  latest.current = onReconnect;
  useEffect(
    () =>
      realtime.onConnected(({ reconnect }) => {
        if (reconnect) latest.current();
      }),
    [],
  );
}
