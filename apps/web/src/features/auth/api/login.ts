/**
 * POST /auth/login: on success the session (token, userInfo, uid) is stored. A running break's end comes
 * with it: the login page shows it, so it is marked seen before the session exists (the notice the
 * signed-in app shows would say it a second time).
 */

import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@tradehall/contracts';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { setBreakSeen } from '../../../lib/play-break-seen.ts';
import { saveSession } from '../../../lib/storage.ts';

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const response = await call(authEndpoints.login, { body: request });
  setBreakSeen(response.playBreak?.endsAt ?? null);
  saveSession(response.token, response.user);
  return response;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
