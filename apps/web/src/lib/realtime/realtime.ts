/**
 * The app's one realtime client, connected to `/ws` on the host that served the page (or the address
 * given to startRealtime). main.tsx starts it; it logs in again whenever the session changes (login,
 * logout, another tab). Pages listen through the hooks (use-topic.ts, use-connection.ts).
 */
import { SOCKET_RECONNECT_CHECK_MS } from '@tradehall/domain';
import { currentLocale } from '../i18n.ts';
import { getToken, subscribeSession } from '../storage.ts';
import { clientId } from './client-id.ts';
import { CLIENT_NAME, wsUrl } from './protocol.ts';
import { RealtimeClient } from './realtime-client.ts';

let address: string | null = null;

export const realtime = new RealtimeClient({
  url: () => address ?? wsUrl(window.location.origin),
  login: () => ({ token: getToken(), language: currentLocale(), clientId: clientId() }),
  clientName: CLIENT_NAME,
  reconnectCheckMs: SOCKET_RECONNECT_CHECK_MS,
});

let stopWatchingSession: (() => void) | null = null;

/** Connects (to `url`, by default this host's `/ws`), and re-logs in after every login and logout. */
export function startRealtime(options: { url?: string } = {}): void {
  address = options.url ?? null;
  realtime.start();
  if (stopWatchingSession) return;
  let token = getToken();
  stopWatchingSession = subscribeSession(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    realtime.relogin();
  });
}

export function stopRealtime(): void {
  stopWatchingSession?.();
  stopWatchingSession = null;
  realtime.stop();
}
