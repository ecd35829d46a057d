/** POST /auth/login: on success the session (token, userInfo, uid) is stored. */

import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/storage.ts';

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/auth/login', request);
  saveSession(response.token, response.user);
  return response;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
