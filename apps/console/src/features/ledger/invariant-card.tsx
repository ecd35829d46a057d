import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Alert, Button, Card, Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime } from '../../lib/format.ts';
import { auditQuery } from './api.ts';

/** GET /admin/ledger/audit: every balance against its transfers, and the sum of all balances. */
export function InvariantCard() {
  const { t } = useTranslation();
  const audit = useQuery(auditQuery);
  const data = audit.data;
  return (
    <Card
      title={t('ledger.invariant')}
      extra={
        <Button
          onClick={() => void audit.refetch()}
          loading={audit.isFetching}
          data-testid="ledger-run-check"
        >
          {t('ledger.runCheck')}
        </Button>
      }
    >
      <QueryError query={audit} />
      {data && (
        <>
          <Alert
            type={data.ok ? 'success' : 'error'}
            title={data.ok ? t('ledger.ok') : t('ledger.broken')}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="ledger-invariant"
            data-ok={String(data.ok)}
          />
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'total',
                label: t('ledger.totalOfBalances'),
                children: formatMoney(data.totalOfBalances),
              },
              { key: 'accounts', label: t('ledger.accountsChecked'), children: data.accountsChecked },
              { key: 'transfers', label: t('ledger.transfersChecked'), children: data.transfersChecked },
              {
                key: 'negative',
                label: t('ledger.negativeUserBalances'),
                children: data.negativeUserBalances,
              },
              { key: 'checked', label: t('ledger.checkedAt'), children: formatTime(data.checkedAt) },
            ]}
          />
          {data.mismatches.length > 0 && (
            <Table
              rowKey="accountId"
              size="small"
              title={() => t('ledger.mismatches')}
              dataSource={data.mismatches}
              pagination={false}
              columns={[
                { title: t('ledger.account'), dataIndex: 'accountId' },
                { title: t('ledger.kind'), dataIndex: 'kind' },
                {
                  title: t('ledger.materialised'),
                  dataIndex: 'materialised',
                  render: (v: number) => formatMoney(v),
                },
                {
                  title: t('ledger.fromTransfers'),
                  dataIndex: 'fromTransfers',
                  render: (v: number) => formatMoney(v),
                },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
