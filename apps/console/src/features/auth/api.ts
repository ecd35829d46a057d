/** Operator login, logout and profile. */
import {
  type AdminLoginRequest,
  adminLoginResponseSchema,
  captchaResponseSchema,
  operatorProfileSchema,
} from '@tradehall/contracts';
import { request, requestVoid } from '../../lib/api.ts';

export const fetchMe = () => request('/admin/me', operatorProfileSchema);

export const fetchCaptcha = () => request('/auth/captcha', captchaResponseSchema);

export const login = (body: AdminLoginRequest) =>
  request('/admin/auth/login', adminLoginResponseSchema, { method: 'POST', body });

export const logout = () => requestVoid('/admin/auth/logout', { method: 'POST' });
