import type { RemoteConfig } from '@tradehall/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { initI18n } from './i18n.ts';
import { fetchRemoteConfig, remoteConfigUrls } from './remote-config.ts';
import { setServerLine } from './storage.ts';

const CONFIG: RemoteConfig = {
  schemaVersion: 1,
  lines: [
    { id: 'line-1', name: 'Line 1', url: 'https://a.example.com' },
    { id: 'line-2', name: 'Line 2', url: 'https://b.example.com' },
  ],
  links: { download: null, website: null },
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OSM', maxZoom: 19 },
};

/** The network, replaced: answers per URL, records what was asked. */
function serve(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://app.test').href;
      asked.push(url);
      const answer = answers[url];
      return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  return asked;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('remote config', () => {
  it('reads the build-time URL when one is set, else the line in use and then this page', () => {
    expect(remoteConfigUrls('https://bucket.example.net/remote-config.json')).toEqual([
      'https://bucket.example.net/remote-config.json',
    ]);
    expect(remoteConfigUrls('')).toEqual(['/remote-config.json']);
    setServerLine('https://b.example.com');
    expect(remoteConfigUrls('')).toEqual(['https://b.example.com/remote-config.json', '/remote-config.json']);
  });

  it('falls back to this page when the chosen line does not answer', async () => {
    setServerLine('https://b.example.com');
    const asked = serve({ 'http://app.test/remote-config.json': () => json(CONFIG) });
    expect(await fetchRemoteConfig()).toEqual(CONFIG);
    expect(asked).toEqual(['https://b.example.com/remote-config.json', 'http://app.test/remote-config.json']);
  });

  it('refuses a document that breaks the contract', async () => {
    serve({
      'http://app.test/remote-config.json': () =>
        json({ ...CONFIG, lines: [{ url: 'javascript:alert(1)' }] }),
    });
    await expect(fetchRemoteConfig()).rejects.toBeInstanceOf(ApiError);
  });

  it('keeps the last good copy for when no server answers', async () => {
    serve({ 'http://app.test/remote-config.json': () => json(CONFIG) });
    await fetchRemoteConfig();
    serve({});
    expect(await fetchRemoteConfig()).toEqual(CONFIG);
    localStorage.clear();
    await expect(fetchRemoteConfig()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
