/**
 * Query keys of the customer-service conversation. One root, so a notice (an operator may have answered)
 * refreshes the whole conversation with one invalidation.
 */
import type { QueryClient } from '@tanstack/react-query';

export const SUPPORT_ROOT = 'support';

export const supportKeys = {
  messages: [SUPPORT_ROOT, 'messages'] as const,
  /** The mutation of a shared location (the composer shows it as in progress). */
  shareLocation: [SUPPORT_ROOT, 'share-location'] as const,
};

/** Something may have been said meanwhile: the conversation is asked for again. */
export function refreshSupport(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [SUPPORT_ROOT] }).catch(() => {});
}
