/** POST /auth/password-reset: sets a new password with the emailed code. */

import { useMutation } from '@tanstack/react-query';
import type { OkResponse, PasswordResetRequest } from '@tradehall/contracts';
import { api } from '../../../lib/api-client.ts';

export function resetPassword(request: PasswordResetRequest): Promise<OkResponse> {
  return api.post<OkResponse>('/auth/password-reset', request);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
