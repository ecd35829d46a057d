import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationSettings, NotificationView } from '@tradehall/contracts';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { NOTIFICATIONS_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { type FakeCall, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import NotificationsPage from './notifications-page.tsx';

const PATTERN = NOTIFICATIONS_PATH;
const XSS = '<img src=x onerror="window.__xss=1"><b>bold</b>';

function notification(n: number, overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: `0a1b2c3d-0000-4a6b-9c2d-${String(n).padStart(12, '0')}`,
    audience: 'all',
    category: 'announcement',
    title: `Notice ${n}`,
    content: `Content ${n}`,
    read: false,
    createdAt: nowSeconds() - n * 60,
    ...overrides,
  };
}

/** The server side of the notification center: a list that pages, read state, settings. */
function serve(items: NotificationView[], pageSize = 20) {
  let settings: NotificationSettings = { announcement: true, round_result: true, funding: true };
  const calls = fakeApi({
    'GET /notifications': ({ query }) => {
      const scoped = query.get('scope') === 'personal' ? items.filter((i) => i.audience === 'user') : items;
      const start = Number(query.get('cursor') ?? 0);
      const page = scoped.slice(start, start + pageSize);
      const next = start + pageSize < scoped.length ? String(start + pageSize) : null;
      return json(200, { items: page, nextCursor: next, unread: scoped.filter((i) => !i.read).length });
    },
    'POST /notifications/read-all': () => {
      for (const item of items) item.read = true;
      return new Response(null, { status: 204 });
    },
    ...Object.fromEntries(
      items.map((item) => [
        `POST /notifications/${item.id}/read`,
        () => {
          item.read = true;
          return new Response(null, { status: 204 });
        },
      ]),
    ),
    'GET /notifications/unread-count': () => json(200, { unread: items.filter((i) => !i.read).length }),
    'GET /notification-settings': () => json(200, settings),
    'PUT /notification-settings': ({ body }) => {
      settings = { ...settings, ...(body as Partial<NotificationSettings>) };
      return json(200, settings);
    },
  });
  return calls;
}

const posts = (calls: FakeCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
const readStates = () => screen.getAllByTestId('notification-item').map((item) => item.dataset.read);

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token', { username: 'demo', id: 'u-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notification center', () => {
  it('lists notifications newest first with unread ones marked, their content as text', async () => {
    serve([notification(1, { content: XSS }), notification(2, { read: true })]);
    renderPage(NotificationsPage, PATTERN);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('notification-item');
    expect(first?.className).toContain('notification-item--unread');
    expect(within(first as HTMLElement).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(second?.className).not.toContain('notification-item--unread');
    const content = within(first as HTMLElement).getByTestId('notification-content');
    expect(content.textContent).toBe(XSS);
    expect(content.querySelector('img, b')).toBeNull();
    expect(screen.getByTestId('notifications-unread').textContent).toBe('Unread: 1');
  });

  it('marks a notification read when tapped, at once and on the server', async () => {
    const items = [notification(1), notification(2)];
    const calls = serve(items);
    renderPage(NotificationsPage, PATTERN);
    await waitFor(() => expect(readStates()).toEqual(['false', 'false']));
    fireEvent.click(
      within(screen.getAllByTestId('notification-item')[1] as HTMLElement).getByTestId('notification-open'),
    );
    await waitFor(() => expect(readStates()).toEqual(['false', 'true']));
    expect(posts(calls)).toEqual([`POST /notifications/${items[1]?.id}/read`]);
    expect(screen.getByTestId('notifications-unread').textContent).toBe('Unread: 1');
    // Opening a read one again asks nothing more.
    fireEvent.click(
      within(screen.getAllByTestId('notification-item')[1] as HTMLElement).getByTestId('notification-open'),
    );
    expect(posts(calls)).toHaveLength(1);
  });

  it('marks all read', async () => {
    const calls = serve([notification(1), notification(2), notification(3, { read: true })]);
    renderPage(NotificationsPage, PATTERN);
    await waitFor(() => expect(readStates()).toEqual(['false', 'false', 'true']));
    fireEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() => expect(readStates()).toEqual(['true', 'true', 'true']));
    expect(posts(calls)).toEqual(['POST /notifications/read-all']);
    expect((screen.getByTestId('notifications-mark-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages on with the cursor as more is asked for', async () => {
    const items = Array.from({ length: 25 }, (_, i) => notification(i + 1));
    const calls = serve(items);
    renderPage(NotificationsPage, PATTERN);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));
    fireEvent.click(screen.getByTestId('records-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(25));
    const lists = calls.filter((c) => c.path === '/notifications');
    expect(lists.map((c) => c.query.get('cursor'))).toEqual([null, '20']);
    expect(lists.every((c) => c.query.get('scope') === 'all')).toBe(true);
  });

  it('shows only personal messages on the personal tab (the way in from My account)', async () => {
    const calls = serve([notification(1), notification(2, { audience: 'user', title: 'Your deposit' })]);
    renderPage(NotificationsPage, `${PATTERN}?tab=personal`, PATTERN);
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-title').map((t) => t.textContent)).toEqual(['Your deposit']),
    );
    expect(calls.find((c) => c.path === '/notifications')?.query.get('scope')).toBe('personal');
    expect(screen.getByTestId('notifications-tab-personal').getAttribute('aria-current')).toBe('page');
  });

  it('says so when there is nothing yet', async () => {
    serve([]);
    renderPage(NotificationsPage, PATTERN);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No notifications yet');
  });
});

describe('notification settings', () => {
  it('shows the three settings and saves each change at once', async () => {
    const calls = serve([]);
    renderPage(NotificationsPage, `${PATTERN}?tab=settings`, PATTERN);
    const announcement = await screen.findByTestId('notification-setting-announcement');
    expect(announcement.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Round results' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Funding updates' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(announcement);
    await waitFor(() => expect(announcement.getAttribute('aria-checked')).toBe('false'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/notification-settings');
    expect(put?.body).toEqual({ announcement: false });
  });
});
