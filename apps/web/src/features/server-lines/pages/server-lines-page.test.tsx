import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RemoteConfig } from '@tradehall/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { SERVER_LINES_PATH } from '../../../lib/paths.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { getManualServerLines, getServerLine } from '../../../lib/storage.ts';
import ServerLinesPage from './server-lines-page.tsx';

const FAST = 'https://fast.example.com';
const DOWN = 'https://down.example.com';
const CONFIG: RemoteConfig = {
  schemaVersion: 1,
  lines: [
    { id: 'line-1', name: 'Down line', url: DOWN },
    { id: 'line-2', name: 'Fast line', url: FAST },
  ],
  links: { download: null, website: null },
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OSM', maxZoom: 19 },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The network at its boundary: the config from this page's server, one line answering, one not. */
function network() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/remote-config.json') return Promise.resolve(json(CONFIG));
      if (url === `${FAST}/api/v1/health`) return Promise.resolve(json({ status: 'ok' }));
      return Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: SERVER_LINES_PATH, Component: ServerLinesPage }], {
    initialEntries: [SERVER_LINES_PATH],
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  network();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('server lines page', () => {
  it('times every line, takes the fastest on first start and marks it in use', async () => {
    renderPage();
    const down = await screen.findByTestId('line-1');
    const fast = screen.getByTestId('line-2');
    await waitFor(() => expect(within(down).getByTestId('line-latency').textContent).toBe('Unreachable'));
    await waitFor(() => expect(within(fast).getByTestId('line-latency').textContent).toMatch(/^\d+ ms$/));
    await waitFor(() => expect(getServerLine()).toBe(FAST));
    expect(within(fast).getByTestId('line-in-use').textContent).toBe('In use');
  });

  it('does not switch to a line that does not answer', async () => {
    renderPage();
    const down = await screen.findByTestId('line-1');
    await waitFor(() => expect(getServerLine()).toBe(FAST));
    fireEvent.click(within(down).getByRole('radio'));
    expect(getServerLine()).toBe(FAST);
    expect(within(down).queryByTestId('line-in-use')).toBeNull();
  });

  it('asks for a line on an empty submit, and adds a valid one to the list and the device', async () => {
    renderPage();
    await screen.findByTestId('line-1');
    fireEvent.click(screen.getByTestId('line-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please add server lines before submitting');
    fireEvent.input(screen.getByTestId('line-url'), { target: { value: 'https://mine.example.com/' } });
    fireEvent.click(screen.getByTestId('line-submit'));
    const added = await screen.findByTestId('line-3');
    expect(added.getAttribute('data-origin')).toBe('https://mine.example.com');
    expect(getManualServerLines()).toEqual(['https://mine.example.com']);
  });
});
