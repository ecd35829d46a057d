/** Two-factor enrolment: a fresh secret, then a code from it to turn two-factor on. */
import { adminAuthEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

/** `currentCode`: a code of the active secret, needed to replace it once two-factor is on. */
export const enrolTotp = (currentCode?: string) =>
  call(adminAuthEndpoints.enrolTotp, { body: currentCode === undefined ? {} : { totpCode: currentCode } });

export const confirmTotp = (code: string) => call(adminAuthEndpoints.confirmTotp, { body: { code } });
