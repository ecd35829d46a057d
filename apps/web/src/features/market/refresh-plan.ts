/**
 * When the market figures change: a room's current round is settled a few seconds after its draw, and
 * only then do the trends, the volume and the profit of the round move. So the overview is asked for
 * again just after the soonest settlement due, never on a timer in between (no realtime channel yet).
 */
import type { MarketOverview } from '@tradehall/contracts';

/** Drawing lasts a few seconds (DESIGN §6: 3 s by default); ask once it is surely over. */
export const AFTER_DRAW_MS = 5_000;

export function marketRefreshDueAt(overview: MarketOverview, fetchedAtMs: number): number | null {
  let soonest: number | null = null;
  for (const room of overview.rooms) {
    const round = room.currentRound;
    if (!round || round.status === 'settled' || round.status === 'void') continue;
    const due = Math.max(round.drawsAt * 1000 + AFTER_DRAW_MS, fetchedAtMs + AFTER_DRAW_MS);
    soonest = soonest === null ? due : Math.min(soonest, due);
  }
  return soonest;
}
