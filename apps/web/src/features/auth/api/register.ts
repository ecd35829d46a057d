/** POST /auth/register. */

import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@tradehall/contracts';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function register(request: RegisterRequest): Promise<RegisterResponse> {
  return call(authEndpoints.register, { body: request });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
