/**
 * The app's one realtime client, connected to `/ws` on the server line in use (the host that served the
 * page unless the user chose another line), or the address given to startRealtime. main.tsx starts it; it
 * logs in again whenever the session changes (login, logout, another tab) and reconnects on the new line
 * when the user switches. Pages listen through the hooks (use-topic.ts, use-connection.ts).
 */
import { SOCKET_RECONNECT_CHECK_MS } from '@tradehall/domain';
import { lineOrigin } from '../api-client.ts';
import { currentLocale } from '../i18n.ts';
import { getToken, subscribeServerLine, subscribeSession } from '../storage.ts';
import { clientId } from './client-id.ts';
import { CLIENT_NAME, wsUrl } from './protocol.ts';
import { RealtimeClient } from './realtime-client.ts';

let address: string | null = null;

export const realtime = new RealtimeClient({
  url: () => address ?? wsUrl(lineOrigin() || window.location.origin),
  login: () => ({ token: getToken(), language: currentLocale(), clientId: clientId() }),
  clientName: CLIENT_NAME,
  reconnectCheckMs: SOCKET_RECONNECT_CHECK_MS,
});

let stopWatchingSession: (() => void) | null = null;
let stopWatchingLine: (() => void) | null = null;

/** Connects (to `url`, by default this host's `/ws`), and re-logs in after every login and logout. */
export function startRealtime(options: { url?: string } = {}): void {
  address = options.url ?? null;
  realtime.start();
  if (stopWatchingSession) return;
  let token = getToken();
  stopWatchingLine = subscribeServerLine(() => realtime.relogin());
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
  stopWatchingLine?.();
  stopWatchingLine = null;
  realtime.stop();
}
