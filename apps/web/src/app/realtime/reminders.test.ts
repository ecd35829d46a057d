/**
 * The Reminder queue: one modal at a time, and an operator's answer that the open customer-service chat
 * already shows pops no Reminder there (every other notice, and the answer on any other page, does).
 */
import { QueryClient } from '@tanstack/react-query';
import type { SupportMessage } from '@tradehall/contracts';
import { nowSeconds } from '@tradehall/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationShowsReply } from '../../features/support/conversation-presence.ts';
import { createReminderQueue } from './reminders.ts';

describe('the Reminder queue', () => {
  it('shows notices one after another, each once the previous one is confirmed', async () => {
    const order: string[] = [];
    let confirmFirst: () => void = () => {};
    const queue = createReminderQueue({
      shownElsewhere: async () => false,
      show: (content) => {
        order.push(`show ${content}`);
        if (content === 'first') return new Promise<void>((resolve) => (confirmFirst = resolve));
        return Promise.resolve();
      },
    });
    void queue.push('first');
    const done = queue.push('second');
    await vi.waitFor(() => expect(order).toEqual(['show first']));
    confirmFirst();
    await done;
    expect(order).toEqual(['show first', 'show second']);
  });

  it('skips a notice already on screen, and shows it when the check fails', async () => {
    const shown: string[] = [];
    const queue = createReminderQueue({
      shownElsewhere: async (content) => {
        if (content === 'broken') throw new Error('no answer');
        return content === 'in the chat';
      },
      show: async (content) => {
        shown.push(content);
      },
    });
    await queue.push('in the chat');
    await queue.push('maintenance tonight');
    await queue.push('broken');
    expect(shown).toEqual(['maintenance tonight', 'broken']);
  });
});

describe('whether the open chat shows an operator answer', () => {
  afterEach(() => {
    vi.resetModules();
  });

  function operatorMessage(text: string): SupportMessage {
    return {
      id: '0a1b2c3d-0000-4a6b-9c2d-000000000001',
      author: 'operator',
      operatorAccount: 'admin',
      kind: 'text',
      text,
      location: null,
      createdAt: nowSeconds(),
    };
  }

  it('is false while the chat is not on screen, whatever the cache holds', async () => {
    const client = new QueryClient();
    client.setQueryData(['support', 'messages'], {
      pages: [{ items: [operatorMessage('It arrived')], nextCursor: null }],
      pageParams: [null],
    });
    expect(await conversationShowsReply(client, 'It arrived')).toBe(false);
  });
});
