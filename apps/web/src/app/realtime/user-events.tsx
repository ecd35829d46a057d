/**
 * The signed-in user's own events from the `user` topic, for every page at once: a new balance shows
 * immediately wherever the account is on screen (My account, assets, the round page's bet panel) and the
 * money views are asked for again; an order that changed (a position settled, a deposit or withdrawal
 * decided) refreshes the records it appears in. After a reconnect the same views are refreshed, since
 * events may have been missed meanwhile.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@tradehall/contracts';
import { refreshAfterTrade } from '../../features/trading/query-keys.ts';
import { ME_QUERY_KEY } from '../../lib/me.ts';
import { refreshMoney } from '../../lib/money-refresh.ts';
import { USER_TOPIC } from '../../lib/realtime/protocol.ts';
import { useRealtimeReconnect } from '../../lib/realtime/use-connection.ts';
import { useTopic } from '../../lib/realtime/use-topic.ts';
import { useIsLoggedIn } from '../../lib/use-session.ts';

export function UserEvents() {
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  useTopic(loggedIn ? USER_TOPIC : null, (event) => {
    if (event.event === 'balance.changed') {
      const { balance } = event.data;
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me ? { ...me, balance } : me));
      refreshMoney(queryClient);
    } else if (event.event === 'order.updated') {
      if (event.data.kind === 'position') refreshAfterTrade(queryClient);
      else refreshMoney(queryClient);
    }
  });
  useRealtimeReconnect(() => {
    if (loggedIn) refreshAfterTrade(queryClient);
  });
  return null;
}
