/**
 * What the realtime channels add to every page, against a real /ws server on loopback: the "network
 * signal lost" notice, the user's live balance; and the Reminder modal and the unread badge.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { useMe } from '../../lib/me.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { startRealtime, stopRealtime } from '../../lib/realtime/realtime.ts';
import { clearSession, saveSession } from '../../lib/storage.ts';
import { fakeApi, json, ME } from '../../test/fake-api.tsx';
import { startRealtimeServer, type TestRealtimeServer } from '../../test/realtime-server.ts';
import { TabBar } from '../shell/tab-bar.tsx';
import { NETWORK_NOTICE_GRACE_MS } from './network-lost-notice.tsx';
import { RealtimeBridge } from './realtime-bridge.tsx';
import { showReminder } from './reminder-dialog.tsx';

function Balance() {
  const me = useMe();
  return <p data-testid="balance">{me.data?.balance ?? 'none'}</p>;
}

function renderWithBridge() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        Component: () => (
          <>
            <RealtimeBridge />
            <Balance />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
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
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('network signal lost notice', () => {
  let server: TestRealtimeServer | null = null;
  afterEach(async () => {
    stopRealtime();
    await server?.close();
    server = null;
  });

  it('stays away on a normal connect, shows while the server is gone, and clears once reconnected', async () => {
    fakeApi({});
    server = await startRealtimeServer();
    const { port } = server;
    startRealtime({ url: server.url });
    renderWithBridge();
    await waitFor(() => expect(server?.openConnections()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, NETWORK_NOTICE_GRACE_MS + 200));
    expect(screen.queryByTestId('network-lost')).toBeNull();

    await server.close();
    server = null;
    await waitFor(
      () =>
        expect(screen.getByTestId('network-lost').textContent).toBe(
          'Network signal lost, please check your connection',
        ),
      { timeout: NETWORK_NOTICE_GRACE_MS + 2_000 },
    );

    server = await startRealtimeServer({ port });
    // Within one reconnect check (3 s) of the server being back.
    await waitFor(() => expect(screen.queryByTestId('network-lost')).toBeNull(), { timeout: 4_000 });
  }, 15_000);
});

describe('the user topic', () => {
  it('shows a pushed balance at once and asks for the account again', async () => {
    saveSession('tok', { username: 'demo', id: ME.id });
    let meGets = 0;
    fakeApi({
      'GET /me': () => {
        meGets += 1;
        return json(200, { ...ME, balance: meGets === 1 ? 100 : 4_200 });
      },
    });
    const server = await startRealtimeServer({ validToken: 'tok' });
    startRealtime({ url: server.url });
    try {
      renderWithBridge();
      await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('100'));
      await waitFor(() =>
        expect(server.received.some((r) => r.frame.cmd === 'sub' && r.frame.msg === 'user')).toBe(true),
      );
      server.publish('user', 'balance.changed', { balance: 4_200 });
      await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('4200'));
      await waitFor(() => expect(meGets).toBe(2));
    } finally {
      cleanup();
      stopRealtime();
      await server.close();
    }
  });

  it('is not asked for without a login', async () => {
    fakeApi({});
    clearSession();
    const server = await startRealtimeServer();
    startRealtime({ url: server.url });
    try {
      renderWithBridge();
      await waitFor(() => expect(server.openConnections()).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.received.map((r) => r.frame.cmd ?? r.frame.type)).toEqual(['login']);
    } finally {
      cleanup();
      stopRealtime();
      await server.close();
    }
  });
});

describe('the Reminder modal', () => {
  it('shows the content as text with one Confirm button, and closes on Confirm', async () => {
    const xss = '<img src=x onerror="window.__xss=1"><b>bold</b>';
    let confirmed = false;
    act(() => {
      void showReminder(xss).then(() => {
        confirmed = true;
      });
    });
    const content = await screen.findByTestId('reminder-content');
    expect(content.textContent).toBe(xss);
    expect(document.querySelector('.reminder img, .reminder b')).toBeNull();
    const dialog = content.closest('.reminder') as HTMLElement;
    expect(dialog.textContent).toContain('Reminder');
    const buttons = [...dialog.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons).toEqual(['Confirm']);
    // Confirmed as soon as the dialog shows, while it still opens: its opening animation starts from
    // opacity 0 at the next animation frame, and before that frame no one can see or reach the button
    // (antd-mobile's popup closed then never finishes closing, on React as on preact: decision 0021).
    const opening = dialog.closest('.adm-center-popup-wrap > div') as HTMLElement;
    await waitFor(() => expect(Number(opening.style.opacity)).toBeGreaterThan(0));
    fireEvent.click(dialog.querySelector('button') as HTMLButtonElement);
    await waitFor(() => expect(confirmed).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('reminder-content')).toBeNull());
    // Nothing left behind: no invisible dialog, no scroll lock on the page.
    await waitFor(() => expect(document.body.classList.contains('adm-overflow-hidden')).toBe(false));
    expect(document.querySelector('.adm-center-popup')).toBeNull();
  });
});

describe('the unread badge on My account', () => {
  function renderTabBar() {
    const router = createMemoryRouter([{ path: '*', Component: TabBar }], { initialEntries: ['/'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('shows how many notifications are unread', async () => {
    saveSession('tok', { username: 'demo', id: ME.id });
    fakeApi({ 'GET /notifications/unread-count': () => json(200, { unread: 3 }) });
    renderTabBar();
    const badge = await screen.findByTestId('tab-mine-unread');
    expect(badge.dataset.count).toBe('3');
    expect(badge.textContent).toContain('3 unread notifications');
  });

  it('is not there with nothing unread, nor asked for when logged out', async () => {
    const calls = fakeApi({ 'GET /notifications/unread-count': () => json(200, { unread: 0 }) });
    renderTabBar();
    await screen.findByTestId('tab-mine');
    expect(screen.queryByTestId('tab-mine-unread')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
