/** Two-factor enrolment: a fresh secret, then a code from it to turn two-factor on. */
import { operatorProfileSchema, totpEnrolmentSchema } from '@tradehall/contracts';
import { request } from '../../lib/api.ts';

/** `currentCode`: a code of the active secret, needed to replace it once two-factor is on. */
export const enrolTotp = (currentCode?: string) =>
  request('/admin/auth/totp/enrol', totpEnrolmentSchema, {
    method: 'POST',
    body: currentCode === undefined ? {} : { totpCode: currentCode },
  });

export const confirmTotp = (code: string) =>
  request('/admin/auth/totp/confirm', operatorProfileSchema, { method: 'POST', body: { code } });
