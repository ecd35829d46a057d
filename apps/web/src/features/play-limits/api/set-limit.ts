/** PUT /play-limits: a lower limit applies at once, a higher one (or removing one) after 24 hours. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPlayLimitRequest } from '@tradehall/contracts';
import { playLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { playLimitsKeys } from '../query-keys.ts';

export function useSetPlayLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPlayLimitRequest) => call(playLimitEndpoints.set, { body }),
    onSuccess: (overview) => queryClient.setQueryData(playLimitsKeys.overview, overview),
  });
}
