/** POST /auth/password-reset/code: asks for a 6-digit code by email; says when a resend is allowed. */

import { useMutation } from '@tanstack/react-query';
import type { PasswordResetCodeResponse } from '@tradehall/contracts';
import { authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function requestPasswordResetCode(account: string): Promise<PasswordResetCodeResponse> {
  return call(authEndpoints.passwordResetCode, { body: { account } });
}

export function useRequestPasswordResetCode() {
  return useMutation({ mutationFn: requestPasswordResetCode });
}
