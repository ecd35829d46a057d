/** Prove the books balance: trial balance, the invariant check, and any transfer on demand. */
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { InvariantCard } from './invariant-card.tsx';
import { TransferSearch } from './transfer-search.tsx';
import { TrialBalanceCard } from './trial-balance-card.tsx';

export function LedgerPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('ledger.title')} />
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
