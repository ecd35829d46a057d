/**
 * POST /support/messages {text, idempotencyKey}: the user writes to customer service. The key makes a
 * retry after a lost answer safe (the message is stored once). The conversation is asked for again after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportMessage, SupportMessageRequest } from '@tradehall/contracts';
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { refreshSupport } from '../query-keys.ts';

export function sendSupportMessage(request: SupportMessageRequest): Promise<SupportMessage> {
  return call(supportEndpoints.send, { body: request });
}

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    onSuccess: () => refreshSupport(queryClient),
  });
}
