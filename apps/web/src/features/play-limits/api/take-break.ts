/** POST /play-limits/breaks: a cool-off or self-exclusion, which nobody can lift before it ends. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakePlayBreakRequest } from '@tradehall/contracts';
import { playLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { playLimitsKeys } from '../query-keys.ts';

export function useTakeBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TakePlayBreakRequest) => call(playLimitEndpoints.takeBreak, { body }),
    onSuccess: (overview) => queryClient.setQueryData(playLimitsKeys.overview, overview),
  });
}
