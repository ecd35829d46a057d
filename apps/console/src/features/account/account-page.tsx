/** The signed-in operator's account: role, session timeout, and two-factor enrolment. */
import { Card, Descriptions, Tag, Typography } from 'antd';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../lib/session.ts';
import { accountStrings as s } from './strings.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

export function AccountPage() {
  const { profile } = useSession();
  return (
    <>
      <PageTitle title={s.title} />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'account', label: s.account, children: profile.account },
            { key: 'role', label: s.role, children: profile.role },
            {
              key: 'idle',
              label: s.idleTimeout,
              children: s.minutes(Math.round(profile.idleTimeoutSeconds / 60)),
            },
            {
              key: 'totp',
              label: s.twoFactor,
              children: (
                <Tag
                  color={profile.totpEnabled ? 'green' : 'default'}
                  data-testid="totp-state"
                  data-enabled={String(profile.totpEnabled)}
                >
                  {profile.totpEnabled ? s.on : s.off}
                </Tag>
              ),
            },
          ]}
        />
      </Card>
      <Card title={s.twoFactor}>
        {profile.totpEnabled ? (
          <>
            <Typography.Paragraph>{s.enabledText}</Typography.Paragraph>
            <Typography.Title level={5}>{s.replaceTitle}</Typography.Title>
            <Typography.Paragraph type="secondary">{s.replaceText}</Typography.Paragraph>
            <TotpEnrolment replacing />
          </>
        ) : (
          <TotpEnrolment replacing={false} />
        )}
      </Card>
    </>
  );
}
