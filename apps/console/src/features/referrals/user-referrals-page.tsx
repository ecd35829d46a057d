/**
 * One user in the referral programme (opened from the user's detail): who invited them, the people they
 * invited by level, the rewards paid per day and their override, which an admin with two-factor sets.
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Card, Descriptions, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  type AdminReferralTree,
  type OverrideUpdate,
  referralTreeKey,
  referralTreeQuery,
  setReferralOverride,
} from './api.ts';
import { OverrideDialog } from './override-dialog.tsx';

function rateText(bps: number | null, fallback: string): string {
  return bps === null ? fallback : `${bps / 100}%`;
}

export function UserReferralsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { isAdmin, profile } = useSession();
  const tree = useQuery(referralTreeQuery(id));
  const [editing, setEditing] = useState(false);
  const save = useAction({
    run: (update: OverrideUpdate) => setReferralOverride(id, update),
    success: t('referral.saved'),
    invalidates: [referralTreeKey(id), ['admin', 'audit']],
    onDone: () => setEditing(false),
  });
  const canEdit = isAdmin && profile.totpEnabled;
  const data = tree.data;
  return (
    <>
      <PageTitle
        title={t('referral.userTitle')}
        extra={
          <Space>
            <Tooltip title={canEdit ? undefined : t('referral.readOnlyNoTwoFactor')}>
              <Button
                disabled={!canEdit}
                onClick={() => setEditing(true)}
                data-testid="referral-override-edit"
              >
                {t('referral.override')}
              </Button>
            </Tooltip>
            <Link to={`/users/${id}`}>{t('referral.backToUser')}</Link>
          </Space>
        }
      />
      <QueryError query={tree} />
      {data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('referral.inviter')}>
                {data.inviter ? (
                  <Link to={`/referrals/users/${data.inviter.userId}`}>{data.inviter.account}</Link>
                ) : (
                  t('referral.noInviter')
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('referral.members')}>
                {data.members.level1} / {data.members.level2}
              </Descriptions.Item>
              <Descriptions.Item label={t('referral.paidTotal')}>
                <span data-testid="referral-paid-total">{formatMoney(data.rewardsPaidTotal)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('referral.override')}>
                {data.override ? (
                  <Space wrap>
                    {data.override.excluded && <Tag color="red">{t('referral.excluded')}</Tag>}
                    <span>
                      {rateText(data.override.level1RateBps, '—')} /{' '}
                      {rateText(data.override.level2RateBps, '—')}
                    </span>
                    <span>{data.override.reason}</span>
                    <Tag>{data.override.effectiveFrom}</Tag>
                  </Space>
                ) : (
                  t('referral.noOverride')
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('referral.invitees')} size="small">
            <Table<AdminReferralTree['invitees'][number]>
              rowKey="userId"
              size="small"
              pagination={false}
              dataSource={data.invitees}
              data-testid="referral-invitees"
              columns={[
                {
                  title: t('referral.account'),
                  dataIndex: 'account',
                  render: (value: string, row) => <Link to={`/referrals/users/${row.userId}`}>{value}</Link>,
                },
                { title: t('referral.level'), dataIndex: 'level' },
                {
                  title: t('referral.joined'),
                  dataIndex: 'joinedAt',
                  render: (value: number) => new Date(value * 1000).toISOString().slice(0, 10),
                },
              ]}
            />
          </Card>
          <Card title={t('referral.rewards')} size="small">
            <Table<AdminReferralTree['rewards'][number]>
              rowKey={(row) => `${row.day}-${row.level}`}
              size="small"
              pagination={false}
              dataSource={data.rewards}
              data-testid="referral-rewards"
              columns={[
                { title: t('referral.day'), dataIndex: 'day' },
                { title: t('referral.level'), dataIndex: 'level' },
                { title: t('referral.inviteesPlayed'), dataIndex: 'invitees' },
                {
                  title: t('referral.status'),
                  dataIndex: 'status',
                  render: (value: string) => <Tag>{value}</Tag>,
                },
                {
                  title: t('referral.total'),
                  dataIndex: 'amount',
                  render: (value: number) => formatMoney(value),
                },
              ]}
            />
          </Card>
        </Space>
      )}
      <OverrideDialog
        open={editing}
        pending={save.pending}
        onCancel={() => setEditing(false)}
        onSubmit={(update) => void save.trigger(update)}
      />
    </>
  );
}
