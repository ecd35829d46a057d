import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SupportLocation, SupportMessage } from '@tradehall/contracts';
import { nowSeconds } from '@tradehall/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { CHOOSE_LOCATION_PATH, OPEN_LOCATION_PATH, SUPPORT_PATH } from '../../../lib/paths.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { conversationShowsReply } from '../conversation-presence.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../support-limits.ts';
import SupportPage from './support-page.tsx';

const PATTERN = SUPPORT_PATH;
const XSS = '<img src=x onerror="window.__xss=1"><b>bold</b>';

let seq = 0;
function message(author: SupportMessage['author'], text: string, secondsAgo: number): SupportMessage {
  seq += 1;
  return {
    id: `0a1b2c3d-0000-4a6b-9c2d-${String(seq).padStart(12, '0')}`,
    author,
    operatorAccount: author === 'operator' ? 'admin' : null,
    kind: 'text',
    text,
    location: null,
    createdAt: nowSeconds() - secondsAgo,
  };
}

function sharedLocation(location: SupportLocation, secondsAgo: number): SupportMessage {
  return { ...message('user', '', secondsAgo), kind: 'location', location };
}

/** The server side of the conversation: newest first, cursor pages, a POST that stores (once per key). */
function serve(
  stored: SupportMessage[],
  options: { pageSize?: number; failPosts?: boolean; answerPostsAfter?: Promise<void> } = {},
) {
  const pageSize = options.pageSize ?? 20;
  const keys = new Set<string>();
  return fakeApi({
    'GET /support/messages': ({ query }) => {
      const newestFirst = stored.slice().sort((a, b) => b.createdAt - a.createdAt);
      const start = Number(query.get('cursor') ?? 0);
      const next = start + pageSize < newestFirst.length ? String(start + pageSize) : null;
      return json(200, { items: newestFirst.slice(start, start + pageSize), nextCursor: next });
    },
    'POST /support/messages/location': ({ body }) => {
      const { location, idempotencyKey } = body as {
        location: { lat: number; lng: number; name?: string; address?: string };
        idempotencyKey: string;
      };
      if (!keys.has(idempotencyKey)) {
        keys.add(idempotencyKey);
        stored.push(sharedLocation({ name: null, address: null, ...location }, 0));
      }
      return json(201, stored.at(-1));
    },
    'POST /support/messages': async ({ body }) => {
      await options.answerPostsAfter;
      if (options.failPosts) return apiError(500, 'INTERNAL', 'Something went wrong');
      const { text, idempotencyKey } = body as { text: string; idempotencyKey: string };
      if (!keys.has(idempotencyKey)) {
        keys.add(idempotencyKey);
        stored.push(message('user', text, 0));
      }
      return json(200, stored.at(-1));
    },
  });
}

const texts = () => screen.getAllByTestId('support-message-text').map((node) => node.textContent);
const authors = () => screen.getAllByTestId('support-message').map((node) => node.dataset.author);

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

describe('customer service chat', () => {
  it('shows the conversation oldest first, mine on the right, text as text', async () => {
    serve([message('user', 'Hello, my deposit?', 300), message('operator', XSS, 120)]);
    renderPage(SupportPage, PATTERN);
    await waitFor(() => expect(texts()).toEqual(['Hello, my deposit?', XSS]));
    expect(authors()).toEqual(['user', 'operator']);
    const [mine, theirs] = screen.getAllByTestId('support-message');
    expect(mine?.className).toContain('support-message--mine');
    expect(theirs?.className).toContain('support-message--theirs');
    expect(theirs?.querySelector('img, b')).toBeNull();
  });

  it('sends a message with an idempotency key, disables Send meanwhile, and shows it', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const calls = serve([message('operator', 'How can we help?', 60)], { answerPostsAfter: answered });
    renderPage(SupportPage, PATTERN);
    await waitFor(() => expect(texts()).toEqual(['How can we help?']));
    fireEvent.input(screen.getByTestId('support-input'), {
      target: { value: '  Where is my withdrawal?  ' },
    });
    fireEvent.click(screen.getByTestId('support-send'));
    // While the server has not answered (react-query reports the pending send a task after the click).
    await waitFor(() =>
      expect((screen.getByTestId('support-send') as HTMLButtonElement).disabled).toBe(true),
    );
    answer();
    await waitFor(() => expect(texts()).toEqual(['How can we help?', 'Where is my withdrawal?']));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]?.body as { text: string; idempotencyKey: string };
    expect(body.text).toBe('Where is my withdrawal?');
    expect(body.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect((screen.getByTestId('support-input') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByTestId('support-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses an empty message with the validation message and sends nothing', async () => {
    const calls = serve([]);
    renderPage(SupportPage, PATTERN);
    await screen.findByTestId('empty-state');
    fireEvent.input(screen.getByTestId('support-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('support-send'));
    expect((await screen.findByTestId('support-error')).textContent).toBe('Please enter a message');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says a pasted message is too long instead of cutting it, and sends nothing', async () => {
    const calls = serve([]);
    renderPage(SupportPage, PATTERN);
    await screen.findByTestId('empty-state');
    const long = 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1);
    fireEvent.input(screen.getByTestId('support-input'), { target: { value: long } });
    fireEvent.click(screen.getByTestId('support-send'));
    expect((await screen.findByTestId('support-error')).textContent).toBe('This value is too long');
    expect((screen.getByTestId('support-input') as HTMLTextAreaElement).value).toBe(long);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps the typed text when sending fails, and a retry reuses the same key', async () => {
    const calls = serve([], { failPosts: true });
    renderPage(SupportPage, PATTERN);
    await screen.findByTestId('empty-state');
    fireEvent.input(screen.getByTestId('support-input'), { target: { value: 'Are you there?' } });
    fireEvent.click(screen.getByTestId('support-send'));
    await waitFor(() =>
      expect((screen.getByTestId('support-send') as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByTestId('support-input') as HTMLTextAreaElement).value).toBe('Are you there?');
    fireEvent.click(screen.getByTestId('support-send'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
  });

  it('loads earlier messages above with the cursor', async () => {
    const stored = Array.from({ length: 25 }, (_, i) => message('operator', `Message ${i + 1}`, 1000 - i));
    const calls = serve(stored);
    renderPage(SupportPage, PATTERN);
    await waitFor(() => expect(texts()).toHaveLength(20));
    expect(texts()[0]).toBe('Message 6');
    fireEvent.click(screen.getByTestId('support-load-earlier'));
    await waitFor(() => expect(texts()).toHaveLength(25));
    expect(texts()[0]).toBe('Message 1');
    expect(texts().at(-1)).toBe('Message 25');
    expect(
      calls
        .filter((c) => c.path === '/support/messages' && c.method === 'GET')
        .map((c) => c.query.get('cursor')),
    ).toEqual([null, '20']);
  });
});

describe('shared locations in the chat', () => {
  const STATION: SupportLocation = {
    lat: 48.8443,
    lng: 2.3744,
    name: 'Gare de Lyon',
    address: 'Place Louis-Armand, Paris',
  };

  it('shows a shared location as a card that opens it on open-location', async () => {
    serve([sharedLocation(STATION, 60), sharedLocation({ ...STATION, name: null, address: null }, 30)]);
    const router = renderPage(SupportPage, PATTERN);
    const cards = await screen.findAllByTestId('support-location-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Gare de LyonPlace Louis-Armand, Paris48.8443, 2.3744',
      'Shared location48.8443, 2.3744',
    ]);
    expect(cards[0]?.getAttribute('aria-label')).toBe('Location: Gare de Lyon. Open it on the map');
    fireEvent.click(cards[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(OPEN_LOCATION_PATH));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      lat: '48.8443',
      lng: '2.3744',
      name: 'Gare de Lyon',
      address: 'Place Louis-Armand, Paris',
    });
  });

  it('opens choose-location to come back here, then sends the returned point once', async () => {
    const calls = serve([]);
    const router = renderPage(SupportPage, PATTERN);
    await screen.findByTestId('empty-state');
    fireEvent.click(screen.getByTestId('support-share-location'));
    await waitFor(() => expect(router.state.location.pathname).toBe(CHOOSE_LOCATION_PATH));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('return')).toBe(PATTERN);
    const request = query.get('request') ?? '';
    expect(request).toMatch(/^[0-9a-f]{32}$/);

    const point = { lat: 48.8443, lng: 2.3744, name: 'Gare de Lyon' };
    await act(() =>
      router.navigate(PATTERN, { replace: true, state: { pickedLocation: { request, point } } }),
    );
    await waitFor(() => expect(screen.getAllByTestId('support-location-card')).toHaveLength(1));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ location: point, idempotencyKey: request }]);
    // Sent: the state is gone, so coming back to this entry sends nothing more.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await act(() =>
      router.navigate(PATTERN, { replace: true, state: { pickedLocation: { request, point } } }),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('sends nothing for a point it did not ask for or one out of range', async () => {
    const calls = serve([]);
    const router = renderPage(SupportPage, PATTERN);
    await screen.findByTestId('empty-state');
    const forged = { pickedLocation: { request: 'f'.repeat(32), point: { lat: 1, lng: 2 } } };
    await act(() => router.navigate(PATTERN, { replace: true, state: forged }));
    fireEvent.click(screen.getByTestId('support-share-location'));
    await waitFor(() => expect(router.state.location.pathname).toBe(CHOOSE_LOCATION_PATH));
    const request = new URLSearchParams(router.state.location.search).get('request') ?? '';
    const outOfRange = { pickedLocation: { request, point: { lat: 91, lng: 2 } } };
    await act(() => router.navigate(PATTERN, { replace: true, state: outOfRange }));
    await screen.findByTestId('empty-state');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('an operator answer while the chat is open', () => {
  it('is recognised as shown in the chat once the conversation is brought up to date', async () => {
    const stored = [message('user', 'Where is my deposit?', 60)];
    serve(stored);
    const client = createQueryClient();
    const router = createMemoryRouter([{ path: PATTERN, Component: SupportPage }], {
      initialEntries: [PATTERN],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(texts()).toEqual(['Where is my deposit?']));
    // The answer is stored, then its notice arrives: the chat refetches and shows it, so no Reminder.
    stored.push(message('operator', 'It arrived, thank you', 0));
    expect(await conversationShowsReply(client, 'It arrived, thank you')).toBe(true);
    await waitFor(() => expect(texts()).toContain('It arrived, thank you'));
    expect(await conversationShowsReply(client, 'Maintenance tonight')).toBe(false);
    cleanup();
    expect(await conversationShowsReply(client, 'It arrived, thank you')).toBe(false);
  });
});
