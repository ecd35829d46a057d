/**
 * The proof of liabilities from the console: every snapshot (sequence, time, total, users, root, who took
 * it), "take a snapshot now" and the reserves statement (admins; the reserves with a current two-factor
 * code), both audited. The public key is shown as users see it.
 */
import { useQuery } from '@tanstack/react-query';
import type { LiabilitiesSnapshot } from '@tradehall/contracts';
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime, shortHash } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { liabilitiesKey, overviewQuery, snapshotsQuery, stateReserves, takeSnapshot } from './api.ts';
import { ReservesDialog } from './reserves-dialog.tsx';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function LiabilitiesPage() {
  const { t } = useTranslation();
  const { isAdmin, profile } = useSession();
  const snapshots = useQuery(snapshotsQuery);
  const overview = useQuery(overviewQuery);
  const [stating, setStating] = useState(false);
  const take = useAction({
    run: () => takeSnapshot(),
    success: (snapshot: LiabilitiesSnapshot) => t('liabilities.taken', { sequence: snapshot.sequence }),
    invalidates: [liabilitiesKey, ['admin', 'audit']],
  });
  const state = useAction({
    run: stateReserves,
    success: t('liabilities.reservesSaved'),
    invalidates: [liabilitiesKey, ['admin', 'audit']],
    onDone: () => setStating(false),
  });
  const reserves = overview.data?.reserves ?? null;
  const reservesOff = !isAdmin
    ? t('liabilities.notAdmin')
    : profile.totpEnabled
      ? null
      : t('liabilities.noTwoFactor');

  return (
    <>
      <PageTitle
        title={t('liabilities.title')}
        extra={
          <Space>
            <Tooltip title={isAdmin ? undefined : t('liabilities.notAdmin')}>
              <Button
                disabled={!isAdmin || overview.data?.publicKey === null}
                loading={take.pending}
                onClick={() => void take.trigger(undefined)}
                data-testid="liabilities-take"
              >
                {t('liabilities.takeNow')}
              </Button>
            </Tooltip>
            <Tooltip title={reservesOff ?? undefined}>
              <Button
                type="primary"
                disabled={reservesOff !== null}
                onClick={() => setStating(true)}
                data-testid="liabilities-state-reserves"
              >
                {t('liabilities.stateReserves')}
              </Button>
            </Tooltip>
          </Space>
        }
      />
      <Typography.Paragraph type="secondary">{t('liabilities.intro')}</Typography.Paragraph>
      {overview.data?.publicKey === null && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('liabilities.noKey')} />
      )}
      <QueryError query={snapshots} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('liabilities.publicKey')}>
              <Typography.Text code copyable={Boolean(overview.data?.publicKey)}>
                {overview.data?.publicKey ?? '—'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('liabilities.reserves')}>
              {reserves ? (
                <Space wrap>
                  <Money cents={reserves.amount} />
                  <Tag>{t(`liabilities.scope.${reserves.scope}`)}</Tag>
                  <span>{formatTime(reserves.statedAt)}</span>
                </Space>
              ) : (
                t('liabilities.reservesNone')
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Table<LiabilitiesSnapshot>
          rowKey="id"
          size="small"
          loading={snapshots.isPending}
          dataSource={snapshots.data?.items ?? []}
          pagination={false}
          columns={[
            { title: '#', dataIndex: 'sequence' },
            { title: t('liabilities.takenAt'), render: (_v, s) => formatTime(seconds(s.takenAt)) },
            { title: t('liabilities.total'), render: (_v, s) => <Money cents={s.total} /> },
            { title: t('liabilities.users'), dataIndex: 'userCount' },
            {
              title: t('liabilities.root'),
              render: (_v, s) => <Typography.Text code>{shortHash(s.root)}</Typography.Text>,
            },
            { title: t('liabilities.trigger'), render: (_v, s) => t(`liabilities.triggers.${s.trigger}`) },
          ]}
        />
      </Space>
      <ReservesDialog
        open={stating}
        pending={state.pending}
        onCancel={() => setStating(false)}
        onSubmit={(request) => void state.trigger(request)}
      />
    </>
  );
}
