/** PUT /play-limits/reality-check: remind me every N minutes of play, or never (the default). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RealityCheckRequest } from '@tradehall/contracts';
import { playLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { playLimitsKeys } from '../query-keys.ts';

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RealityCheckRequest) => call(playLimitEndpoints.realityCheck, { body }),
    onSuccess: (overview) => queryClient.setQueryData(playLimitsKeys.overview, overview),
  });
}
