/**
 * What the round page shows, noted by the page itself as it happens: a MutationObserver records, with
 * the time, every round and status the current and last-round panels show (a round moves from the
 * current panel to the last-round panel when the next one opens; both count) and every balance shown.
 * The log is kept in sessionStorage, so it survives the page being left and opened again in the tab.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface PanelSeen {
  at: number;
  roundId: string;
  status: string;
}

export interface PanelLog {
  rounds: PanelSeen[];
  balances: Array<{ at: number; text: string }>;
}

/** Starts the log in every page of the context (before the app's own scripts). */
export async function noteRoundPanels(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const key = '__panels';
    const log: PanelLog = JSON.parse(sessionStorage.getItem(key) ?? '{"rounds":[],"balances":[]}');
    (window as unknown as { __panels: PanelLog }).__panels = log;
    const noted = new Set(log.rounds.map((seen) => `${seen.roundId}:${seen.status}`));
    const note = () => {
      const panels = document.querySelectorAll('[data-testid="current-round"], [data-testid="last-round"]');
      for (const panel of Array.from(panels)) {
        const status = panel.querySelector('[data-testid$="round-status"]')?.getAttribute('data-status');
        const roundId = panel.getAttribute('data-round-id');
        if (!roundId || !status || noted.has(`${roundId}:${status}`)) continue;
        noted.add(`${roundId}:${status}`);
        log.rounds.push({ at: Date.now(), roundId, status });
      }
      const balance = document.querySelector('[data-testid="round-balance"]')?.textContent ?? null;
      if (balance && balance !== log.balances.at(-1)?.text)
        log.balances.push({ at: Date.now(), text: balance });
      sessionStorage.setItem(key, JSON.stringify(log));
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-status', 'data-round-id'],
    });
  });
}

export function panelLog(page: Page): Promise<PanelLog> {
  return page.evaluate(() => (window as unknown as { __panels: PanelLog }).__panels);
}
