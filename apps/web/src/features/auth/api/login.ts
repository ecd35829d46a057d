/** POST /auth/login: on success the session (token, userInfo, uid) is stored. */

import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@tradehall/contracts';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/storage.ts';

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const response = await call(authEndpoints.login, { body: request });
  saveSession(response.token, response.user);
  return response;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
