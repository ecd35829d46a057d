/** GET /auth/captcha: a fresh image captcha. Never cached: each one is single use. */

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptchaResponse } from '@tradehall/contracts';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { CAPTCHA_TTL_SECONDS, nowSeconds } from '@tradehall/domain';
import { useCallback, useEffect } from 'react';
import { call } from '../../../lib/api-client.ts';

export function fetchCaptcha(signal?: AbortSignal): Promise<CaptchaResponse> {
  return call(authEndpoints.captcha, { signal });
}

export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'captcha'] as const,
    queryFn: ({ signal }) => fetchCaptcha(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * How long the captcha shown now stays usable. The server's expiry is read against the device clock, which
 * may be off: anything outside (0, CAPTCHA_TTL] means a skewed clock, and the nominal lifetime is used.
 */
export function captchaLifetimeSeconds(expiresAt: number, now: number): number {
  const left = expiresAt - now;
  return left > 0 && left <= CAPTCHA_TTL_SECONDS ? left : CAPTCHA_TTL_SECONDS;
}

/** The captcha shown now, `refresh()` for a new one; it also renews itself when it expires. */
export function useCaptcha() {
  const queryClient = useQueryClient();
  const query = useQuery(captchaQueryOptions());
  const refresh = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: captchaQueryOptions().queryKey }).catch(() => {});
  }, [queryClient]);
  const expiresAt = query.data?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setTimeout(refresh, captchaLifetimeSeconds(expiresAt, nowSeconds()) * 1000);
    return () => clearTimeout(timer);
  }, [expiresAt, refresh]);
  return { captcha: query.data, loading: query.isFetching, failed: query.isError, refresh };
}
