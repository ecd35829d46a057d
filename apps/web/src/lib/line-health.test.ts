import type { RemoteConfig } from '@tradehall/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLineOnFirstStart } from './line-health.ts';
import { getServerLine, setServerLine } from './storage.ts';

const SLOW = 'https://slow.example.com';
const FAST = 'https://fast.example.com';
const DOWN = 'https://down.example.com';

const config = (urls: string[]): RemoteConfig => ({
  schemaVersion: 1,
  lines: urls.map((url, index) => ({ id: `line-${index + 1}`, name: `Line ${index + 1}`, url })),
  links: { download: null, website: null },
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OSM', maxZoom: 19 },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The network at its boundary: this page's server publishes `lines`; SLOW answers late, DOWN never. */
function network(lines: string[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/remote-config.json') return json(config(lines));
    if (url === `${FAST}/api/v1/health`) return json({ status: 'ok' });
    if (url === `${SLOW}/api/v1/health`) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return json({ status: 'ok' });
    }
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the first start', () => {
  it('measures every line and keeps the fastest that answers', async () => {
    network([SLOW, DOWN, FAST]);
    expect(await chooseLineOnFirstStart()).toBe(FAST);
    expect(getServerLine()).toBe(FAST);
  });

  it('leaves the user on the serving server when no line answers', async () => {
    network([DOWN, `${DOWN}:8443`]);
    expect(await chooseLineOnFirstStart()).toBeNull();
    expect(getServerLine()).toBeNull();
  });

  it('measures nothing with one line: there is nothing to choose', async () => {
    const fetch = network([FAST]);
    expect(await chooseLineOnFirstStart()).toBeNull();
    expect(getServerLine()).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/remote-config.json']);
  });

  it('keeps a line the user already chose', async () => {
    const fetch = network([SLOW, FAST]);
    setServerLine(SLOW);
    expect(await chooseLineOnFirstStart()).toBeNull();
    expect(getServerLine()).toBe(SLOW);
    expect(fetch).not.toHaveBeenCalled();
  });
});
