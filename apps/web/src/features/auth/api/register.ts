/** POST /auth/register. */

import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';

export function register(request: RegisterRequest): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', request);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
