/**
 * The signed-in user's own events from the `user` topic, for every page at once: a new balance shows
 * immediately wherever the account is on screen (My account, assets, the round page's bet panel) and the
 * money views are asked for again; an order that changed (a position settled, a deposit or withdrawal
 * decided) refreshes the records it appears in. A settled or voided round's outcome carries the account's
 * figures and the positions' results: they are written into the cached account and investment records
 * as they are, with no request (a busy room's settlement would otherwise bring one per watcher); only
 * money views on screen are asked for again. After a reconnect the same views are refreshed, since
 * events may have been missed meanwhile.
 */
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, PositionView, RoundOutcomeData } from '@tradehall/contracts';
import { refreshAfterTrade, tradingKeys } from '../../features/trading/query-keys.ts';
import { ME_QUERY_KEY } from '../../lib/me.ts';
import { refreshMoney, refreshMoneyViews } from '../../lib/money-refresh.ts';
import type { Page } from '../../lib/page.ts';
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
    } else if (event.event === 'round.outcome') {
      applyRoundOutcome(queryClient, event.data);
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

/** Writes a round's outcome into the cached account and investment records; revenue is stale from now. */
export function applyRoundOutcome(queryClient: QueryClient, outcome: RoundOutcomeData): void {
  const { balance, withdrawable } = outcome;
  queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me ? { ...me, balance, withdrawable } : me));
  const results = new Map(outcome.positions.map((position) => [position.id, position]));
  queryClient.setQueriesData<InfiniteData<Page<PositionView>>>({ queryKey: tradingKeys.positions }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => {
              const result = results.get(item.id);
              return result ? { ...item, ...result } : item;
            }),
          })),
        }
      : data,
  );
  // Revenue sums many rounds: marked stale, fetched when next shown rather than by every watcher now.
  void queryClient.invalidateQueries({ queryKey: tradingKeys.revenue, refetchType: 'none' }).catch(() => {});
  refreshMoneyViews(queryClient);
}
