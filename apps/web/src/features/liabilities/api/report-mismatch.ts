/**
 * POST /support/messages: "this does not match" writes to customer service with the proof's essentials
 * (a whole proof is longer than a message may be; with the snapshot and the user the operator can read
 * the same proof again). The key makes a retried send safe.
 */
import { useMutation } from '@tanstack/react-query';
import { supportEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';

export function useReportMismatch() {
  return useMutation({
    mutationFn: (text: string) =>
      call(supportEndpoints.send, { body: { text, idempotencyKey: newIdempotencyKey() } }),
  });
}
