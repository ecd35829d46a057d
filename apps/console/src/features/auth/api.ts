/** Operator login, logout and profile. */
import type { AdminLoginRequest } from '@tradehall/contracts';
import { adminAuthEndpoints, authEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

export const fetchMe = () => call(adminAuthEndpoints.me);

export const fetchCaptcha = () => call(authEndpoints.captcha);

export const login = (body: AdminLoginRequest) => call(adminAuthEndpoints.login, { body });

export const logout = async (): Promise<void> => {
  await call(adminAuthEndpoints.logout);
};
