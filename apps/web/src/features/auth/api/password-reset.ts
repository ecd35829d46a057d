/** POST /auth/password-reset: sets a new password with the emailed code. */

import { useMutation } from '@tanstack/react-query';
import type { OkResponse, PasswordResetRequest } from '@tradehall/contracts';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function resetPassword(request: PasswordResetRequest): Promise<OkResponse> {
  return call(authEndpoints.passwordReset, { body: request });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
