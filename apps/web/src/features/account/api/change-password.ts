/** POST /me/password: changes the login password (the old one is required). */

import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, OkResponse } from '@tradehall/contracts';
import { accountEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function changePassword(request: ChangePasswordRequest): Promise<OkResponse> {
  return call(accountEndpoints.changePassword, { body: request });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
