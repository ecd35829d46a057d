/**
 * The referral programme: the rule in force and the one waiting for the next business day (admins with
 * two-factor change it, with a current code), and the reports — rewards paid per day and the top
 * referrers between two days.
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Card, Descriptions, Input, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  type ProgrammeUpdate,
  type ReferralReport,
  type ReferralRule,
  referralProgrammeKey,
  referralProgrammeQuery,
  referralReportQuery,
  updateReferralProgramme,
} from './api.ts';
import { ProgrammeDialog } from './programme-dialog.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function ProgrammeFacts({ programme }: { programme: ReferralRule['inForce'] }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={4}>
      <Descriptions.Item label={t('referral.mode')}>
        {t(`referral.modes.${programme.mode}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('referral.level1Rate')}>{programme.level1RateBps / 100}%</Descriptions.Item>
      <Descriptions.Item label={t('referral.level2Rate')}>{programme.level2RateBps / 100}%</Descriptions.Item>
      <Descriptions.Item label={t('referral.dailyCap')}>
        {formatMoney(programme.dailyCapCents)}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Reports() {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10));
  const [to, setTo] = useState(today);
  const valid = DAY.test(from) && DAY.test(to);
  const report = useQuery({ ...referralReportQuery(from, to), enabled: valid });
  return (
    <Card title={t('referral.reports')} size="small">
      <Space style={{ marginBottom: 12 }}>
        <Input
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          aria-label={t('referral.from')}
        />
        <Input value={to} onChange={(event) => setTo(event.target.value)} aria-label={t('referral.to')} />
      </Space>
      <QueryError query={report} />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Table<ReferralReport['perDay'][number]>
          rowKey="day"
          size="small"
          pagination={false}
          loading={report.isPending && valid}
          dataSource={report.data?.perDay ?? []}
          data-testid="referral-per-day"
          columns={[
            { title: t('referral.day'), dataIndex: 'day' },
            { title: t('referral.referrers'), dataIndex: 'referrers' },
            { title: t('referral.total'), dataIndex: 'total', render: (value: number) => formatMoney(value) },
          ]}
        />
        <Typography.Title level={5}>{t('referral.topReferrers')}</Typography.Title>
        <Table<ReferralReport['topReferrers'][number]>
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={report.data?.topReferrers ?? []}
          data-testid="referral-top"
          columns={[
            {
              title: t('referral.account'),
              dataIndex: 'account',
              render: (value: string, row) => <Link to={`/referrals/users/${row.userId}`}>{value}</Link>,
            },
            { title: t('referral.days'), dataIndex: 'days' },
            { title: t('referral.total'), dataIndex: 'total', render: (value: number) => formatMoney(value) },
          ]}
        />
      </Space>
    </Card>
  );
}

export function ReferralsPage() {
  const { t } = useTranslation();
  const { isAdmin, profile } = useSession();
  const rule = useQuery(referralProgrammeQuery);
  const [editing, setEditing] = useState(false);
  const save = useAction({
    run: (update: ProgrammeUpdate) => updateReferralProgramme(update),
    success: t('referral.saved'),
    invalidates: [referralProgrammeKey, ['admin', 'audit']],
    onDone: () => setEditing(false),
  });
  const readOnlyReason = !isAdmin
    ? t('referral.readOnlyNotAdmin')
    : profile.totpEnabled
      ? null
      : t('referral.readOnlyNoTwoFactor');
  return (
    <>
      <PageTitle
        title={t('referral.title')}
        extra={
          <Tooltip title={readOnlyReason ?? undefined}>
            <Button
              type="primary"
              disabled={readOnlyReason !== null || !rule.data}
              onClick={() => setEditing(true)}
              data-testid="referral-programme-edit"
            >
              {t('referral.edit')}
            </Button>
          </Tooltip>
        }
      />
      <Typography.Paragraph type="secondary">{t('referral.intro')}</Typography.Paragraph>
      <QueryError query={rule} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('referral.inForce', { day: rule.data?.today ?? '' })} size="small">
          {rule.data && <ProgrammeFacts programme={rule.data.inForce} />}
        </Card>
        {rule.data?.next && (
          <Card title={t('referral.next', { day: rule.data.next.effectiveFrom })} size="small">
            <ProgrammeFacts programme={rule.data.next} />
          </Card>
        )}
        <Reports />
      </Space>
      <ProgrammeDialog
        rule={rule.data}
        open={editing}
        pending={save.pending}
        onCancel={() => setEditing(false)}
        onSubmit={(update) => void save.trigger(update)}
      />
    </>
  );
}
