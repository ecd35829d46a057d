/** Two-factor enrolment: a fresh secret, then a code from it to turn two-factor on. */
import { operatorProfileSchema, totpEnrolmentSchema } from '@tradehall/contracts';
import { request } from '../../lib/api.ts';

export const enrolTotp = () =>
  request('/admin/auth/totp/enrol', totpEnrolmentSchema, { method: 'POST', body: {} });

export const confirmTotp = (code: string) =>
  request('/admin/auth/totp/confirm', operatorProfileSchema, { method: 'POST', body: { code } });
