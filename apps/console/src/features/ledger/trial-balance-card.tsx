import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime } from '../../lib/format.ts';
import { type TrialBalance, trialBalanceQuery } from './api.ts';

type Row = TrialBalance['rows'][number];
const money = (value: number) => formatMoney(value);

/** Debits, credits and balance per account kind; the grand total must be zero. */
export function TrialBalanceCard() {
  const { t } = useTranslation();
  const trial = useQuery(trialBalanceQuery);
  return (
    <Card
      title={t('ledger.trialBalance')}
      extra={
        <Button onClick={() => void trial.refetch()} loading={trial.isFetching}>
          {t('ledger.refresh')}
        </Button>
      }
    >
      <QueryError query={trial} />
      <Table<Row>
        rowKey="kind"
        size="small"
        loading={trial.isPending}
        dataSource={trial.data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('ledger.kind'), dataIndex: 'kind' },
          { title: t('ledger.accounts'), dataIndex: 'accounts', align: 'right' },
          { title: t('ledger.debits'), dataIndex: 'debits', align: 'right', render: money },
          { title: t('ledger.credits'), dataIndex: 'credits', align: 'right', render: money },
          { title: t('ledger.balance'), dataIndex: 'balance', align: 'right', render: money },
        ]}
        summary={() =>
          trial.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                <Typography.Text strong>{t('ledger.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Typography.Text
                  strong
                  type={trial.data.total === 0 ? 'success' : 'danger'}
                  data-testid="trial-total"
                >
                  {formatMoney(trial.data.total)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {trial.data && (
        <Typography.Text type="secondary">
          {t('ledger.checkedAt')} {formatTime(trial.data.checkedAt)}
        </Typography.Text>
      )}
    </Card>
  );
}
