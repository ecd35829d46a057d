import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Alert, Button, Card, Descriptions, Table } from 'antd';
import { QueryError } from '../../components/query-error.tsx';
import { formatTime } from '../../lib/format.ts';
import { auditQuery } from './api.ts';
import { ledgerStrings as s } from './strings.ts';

/** GET /admin/ledger/audit: every balance against its transfers, and the sum of all balances. */
export function InvariantCard() {
  const audit = useQuery(auditQuery);
  const data = audit.data;
  return (
    <Card
      title={s.invariant}
      extra={
        <Button
          onClick={() => void audit.refetch()}
          loading={audit.isFetching}
          data-testid="ledger-run-check"
        >
          {s.runCheck}
        </Button>
      }
    >
      <QueryError query={audit} />
      {data && (
        <>
          <Alert
            type={data.ok ? 'success' : 'error'}
            title={data.ok ? s.ok : s.broken}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="ledger-invariant"
            data-ok={String(data.ok)}
          />
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'total', label: s.totalOfBalances, children: formatMoney(data.totalOfBalances) },
              { key: 'accounts', label: s.accountsChecked, children: data.accountsChecked },
              { key: 'transfers', label: s.transfersChecked, children: data.transfersChecked },
              { key: 'negative', label: s.negativeUserBalances, children: data.negativeUserBalances },
              { key: 'checked', label: s.checkedAt, children: formatTime(data.checkedAt) },
            ]}
          />
          {data.mismatches.length > 0 && (
            <Table
              rowKey="accountId"
              size="small"
              title={() => s.mismatches}
              dataSource={data.mismatches}
              pagination={false}
              columns={[
                { title: s.account, dataIndex: 'accountId' },
                { title: s.kind, dataIndex: 'kind' },
                { title: s.materialised, dataIndex: 'materialised', render: (v: number) => formatMoney(v) },
                { title: s.fromTransfers, dataIndex: 'fromTransfers', render: (v: number) => formatMoney(v) },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
