/**
 * Whether the customer-service conversation is on screen, and whether it shows a given operator reply.
 * An operator's answer arrives as a personal notice (a Reminder, spec §7); on the customer-service page
 * the answer already shows in the chat, so the Reminder would only cover it (app/realtime/reminders.ts
 * asks here first).
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chronological, type SupportMessagePages } from './api/support-messages.ts';
import { supportKeys } from './query-keys.ts';

let openConversations = 0;

/** Marks the conversation as on screen while the calling component is mounted. */
export function useConversationPresence(): void {
  useEffect(() => {
    openConversations += 1;
    return () => {
      openConversations -= 1;
    };
  }, []);
}

export function conversationOnScreen(): boolean {
  return openConversations > 0;
}

/** How far back a reply is looked for: the messages the page has just shown. */
const RECENT_MESSAGES = 20;

/**
 * True when the conversation is on screen and, once brought up to date, shows an operator message with
 * exactly this text among its latest ones.
 */
export async function conversationShowsReply(queryClient: QueryClient, content: string): Promise<boolean> {
  if (!conversationOnScreen()) return false;
  // Joins a refresh already under way (the notice started one) instead of starting another.
  await queryClient.refetchQueries(
    { queryKey: supportKeys.messages, type: 'active' },
    { cancelRefetch: false, throwOnError: false },
  );
  const data = queryClient.getQueryData<SupportMessagePages>(supportKeys.messages);
  return chronological(data)
    .slice(-RECENT_MESSAGES)
    .some((message) => message.author === 'operator' && message.kind === 'text' && message.text === content);
}
