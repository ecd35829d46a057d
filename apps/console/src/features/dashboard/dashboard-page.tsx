/** What needs attention now (the queues) and how today is going, with the ledger's health. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime } from '../../lib/format.ts';
import { dashboardQuery } from './api.ts';
import { StatCard } from './stat-card.tsx';

export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useQuery(dashboardQuery);
  const data = dashboard.data;
  return (
    <>
      <PageTitle
        title={t('dashboard.title')}
        extra={
          <Button onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            {t('dashboard.refresh')}
          </Button>
        }
      />
      <QueryError query={dashboard} />
      {dashboard.isPending && <Skeleton active />}
      {data && (
        <Row gutter={[16, 16]}>
          <StatCard
            title={t('dashboard.pendingDeposits')}
            value={data.pendingDeposits}
            data-testid="dash-pending-deposits"
            footer={<Link to="/deposits">{t('dashboard.openQueue')}</Link>}
          />
          <StatCard
            title={t('dashboard.pendingWithdrawals')}
            value={data.pendingWithdrawals}
            data-testid="dash-pending-withdrawals"
            footer={<Link to="/withdrawals">{t('dashboard.openQueue')}</Link>}
          />
          <StatCard
            title={t('dashboard.ledger')}
            valueRender={() => <LedgerTag ok={data.ledgerOk} />}
            footer={
              <Typography.Text type="secondary">
                {t('dashboard.checkedAt')} {formatTime(data.checkedAt)}
              </Typography.Text>
            }
          />
          <StatCard title={t('dashboard.todayVolume')} value={formatMoney(data.todayVolume)} />
          <StatCard title={t('dashboard.activeUsers')} value={data.activeUsers} />
          <StatCard
            title={t('dashboard.houseProfit')}
            value={formatMoney(data.houseProfitToday)}
            styles={{ content: { color: data.houseProfitToday < 0 ? '#cf1322' : '#3f8600' } }}
          />
        </Row>
      )}
    </>
  );
}

function LedgerTag({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={ok ? 'green' : 'red'} data-testid="dash-ledger" data-ok={String(ok)}>
      {ok ? t('dashboard.ledgerOk') : t('dashboard.ledgerBroken')}
    </Tag>
  );
}
