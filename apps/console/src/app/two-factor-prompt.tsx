/**
 * Money decisions (approving, rejecting, paying deposits and withdrawals) need two-factor: an operator
 * without it sees the enrolment, QR code first, when they sign in, and again whenever the server refuses
 * a money decision with TWO_FACTOR_REQUIRED. "Later" closes it for the rest of this session's sign-in;
 * the server keeps refusing money decisions until two-factor is on.
 */
import { Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TotpEnrolment } from '../features/account/totp-enrolment.tsx';
import { onTwoFactorRequired } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';

const DISMISSED_KEY = 'console.twoFactorLater';

/** A new sign-in asks again. */
export function forgetTwoFactorLater(): void {
  sessionStorage.removeItem(DISMISSED_KEY);
}

export function TwoFactorPrompt() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [reason, setReason] = useState<'login' | 'refused' | null>(() =>
    sessionStorage.getItem(DISMISSED_KEY) === null ? 'login' : null,
  );
  useEffect(() => onTwoFactorRequired(() => setReason('refused')), []);

  if (profile.totpEnabled || reason === null) return null;
  const later = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setReason(null);
  };
  return (
    <Modal
      open
      title={t('twoFactor.title')}
      onCancel={later}
      footer={
        <Button onClick={later} data-testid="two-factor-later">
          {t('twoFactor.later')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <div data-testid="two-factor-prompt" data-reason={reason}>
        <Typography.Paragraph>
          {reason === 'refused' ? t('twoFactor.refused') : t('twoFactor.intro')}
        </Typography.Paragraph>
        <TotpEnrolment replacing={false} autoStart />
      </div>
    </Modal>
  );
}
