/** What needs attention now (the queues) and how today is going, with the ledger's health. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Row, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime } from '../../lib/format.ts';
import { dashboardQuery } from './api.ts';
import { StatCard } from './stat-card.tsx';
import { dashboardStrings as s } from './strings.ts';

export function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  const data = dashboard.data;
  return (
    <>
      <PageTitle
        title={s.title}
        extra={
          <Button onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            {s.refresh}
          </Button>
        }
      />
      <QueryError query={dashboard} />
      {dashboard.isPending && <Skeleton active />}
      {data && (
        <Row gutter={[16, 16]}>
          <StatCard
            title={s.pendingDeposits}
            value={data.pendingDeposits}
            data-testid="dash-pending-deposits"
            footer={<Link to="/deposits">{s.openQueue}</Link>}
          />
          <StatCard
            title={s.pendingWithdrawals}
            value={data.pendingWithdrawals}
            data-testid="dash-pending-withdrawals"
            footer={<Link to="/withdrawals">{s.openQueue}</Link>}
          />
          <StatCard
            title={s.ledger}
            valueRender={() => <LedgerTag ok={data.ledgerOk} />}
            footer={
              <Typography.Text type="secondary">
                {s.checkedAt} {formatTime(data.checkedAt)}
              </Typography.Text>
            }
          />
          <StatCard title={s.todayVolume} value={formatMoney(data.todayVolume)} />
          <StatCard title={s.activeUsers} value={data.activeUsers} />
          <StatCard
            title={s.houseProfit}
            value={formatMoney(data.houseProfitToday)}
            styles={{ content: { color: data.houseProfitToday < 0 ? '#cf1322' : '#3f8600' } }}
          />
        </Row>
      )}
    </>
  );
}

function LedgerTag({ ok }: { ok: boolean }) {
  return (
    <Tag color={ok ? 'green' : 'red'} data-testid="dash-ledger" data-ok={String(ok)}>
      {ok ? s.ledgerOk : s.ledgerBroken}
    </Tag>
  );
}
