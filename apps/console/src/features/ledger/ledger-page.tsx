/** Prove the books balance: trial balance, the invariant check, and any transfer on demand. */
import { Col, Row } from 'antd';
import { PageTitle } from '../../components/page-title.tsx';
import { InvariantCard } from './invariant-card.tsx';
import { ledgerStrings as s } from './strings.ts';
import { TransferSearch } from './transfer-search.tsx';
import { TrialBalanceCard } from './trial-balance-card.tsx';

export function LedgerPage() {
  return (
    <>
      <PageTitle title={s.title} />
      <Row gutter={[16, 16]}>
        <Col span={14}>
          <TrialBalanceCard />
        </Col>
        <Col span={10}>
          <InvariantCard />
        </Col>
        <Col span={24}>
          <TransferSearch />
        </Col>
      </Row>
    </>
  );
}
