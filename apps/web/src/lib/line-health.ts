/**
 * How fast each server line answers: a GET of its /api/v1/health, timed in this browser (what the user
 * will feel, not what the server thinks), and the first-start choice of the fastest line. A line that
 * does not answer within LINE_PING_TIMEOUT_MS, answers with an error, or refuses this page (CORS, CSP)
 * counts as unreachable.
 */
import type { ServerLine } from '@tradehall/contracts';
import { appEndpoints } from '@tradehall/contracts/endpoints';
import { API_BASE } from './api-client.ts';
import { fetchRemoteConfig } from './remote-config.ts';
import { getManualServerLines, getServerLine, setServerLine } from './storage.ts';

export const LINE_PING_TIMEOUT_MS = 5000;

export type LineHealth = { reachable: true; latencyMs: number } | { reachable: false };

export async function pingLine(origin: string, signal?: AbortSignal): Promise<LineHealth> {
  const timeout = AbortSignal.timeout(LINE_PING_TIMEOUT_MS);
  const startedAt = performance.now();
  try {
    const response = await fetch(`${origin}${API_BASE}${appEndpoints.health.path}`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    // The whole answer counts: a line is as fast as the moment its data is here.
    await response.arrayBuffer();
    if (!response.ok) return { reachable: false };
    return { reachable: true, latencyMs: Math.max(1, Math.round(performance.now() - startedAt)) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { reachable: false };
  }
}

/** The reachable line with the lowest latency (the earlier listed on a tie), or null. */
export function fastestLine(
  origins: readonly string[],
  health: ReadonlyMap<string, LineHealth>,
): string | null {
  let best: { origin: string; latencyMs: number } | null = null;
  for (const origin of origins) {
    const result = health.get(origin);
    if (!result?.reachable) continue;
    if (best === null || result.latencyMs < best.latencyMs) best = { origin, latencyMs: result.latencyMs };
  }
  return best?.origin ?? null;
}

/** The configured lines first (in the operator's order), then the ones the user added, each once. */
export function allLineOrigins(configured: readonly ServerLine[], manual: readonly string[]): string[] {
  return [...new Set([...configured.map((line) => line.url), ...manual])];
}

/**
 * On the first start (no line chosen yet), measures every line and keeps the fastest. Until it is done,
 * and if none answers, the app talks to the server that served it; with one line there is nothing to
 * choose and nothing is measured. A line that refuses this page's origin (CORS) counts as unreachable, so
 * it is never chosen. Never throws.
 */
export async function chooseLineOnFirstStart(): Promise<string | null> {
  if (getServerLine() !== null) return null;
  try {
    const config = await fetchRemoteConfig();
    const origins = allLineOrigins(config.lines, getManualServerLines());
    if (origins.length < 2) return null;
    const results = await Promise.all(
      origins.map(async (origin) => [origin, await pingLine(origin)] as const),
    );
    const fastest = fastestLine(origins, new Map(results));
    // The user may have chosen meanwhile (the Server lines page): their choice wins.
    if (fastest === null || getServerLine() !== null) return null;
    setServerLine(fastest);
    return fastest;
  } catch {
    return null;
  }
}
