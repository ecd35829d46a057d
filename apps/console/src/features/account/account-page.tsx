/** The signed-in operator's account: role, session timeout, and two-factor enrolment. */
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../lib/session.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

export function AccountPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  return (
    <>
      <PageTitle title={t('account.title')} />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'account', label: t('account.account'), children: profile.account },
            { key: 'role', label: t('account.role'), children: t(`roles.${profile.role}`) },
            {
              key: 'idle',
              label: t('account.idleTimeout'),
              children: t('account.minutes', { value: Math.round(profile.idleTimeoutSeconds / 60) }),
            },
            {
              key: 'totp',
              label: t('account.twoFactor'),
              children: (
                <Tag
                  color={profile.totpEnabled ? 'green' : 'default'}
                  data-testid="totp-state"
                  data-enabled={String(profile.totpEnabled)}
                >
                  {profile.totpEnabled ? t('account.on') : t('account.off')}
                </Tag>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('account.twoFactor')}>
        {profile.totpEnabled ? (
          <>
            <Typography.Paragraph>{t('account.enabledText')}</Typography.Paragraph>
            <Typography.Title level={5}>{t('account.replaceTitle')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('account.replaceText')}</Typography.Paragraph>
            <TotpEnrolment replacing />
          </>
        ) : (
          <TotpEnrolment replacing={false} />
        )}
      </Card>
    </>
  );
}
