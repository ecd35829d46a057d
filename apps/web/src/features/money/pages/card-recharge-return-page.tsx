/**
 * /pages/recharge/chongzhi (the spec's "top-up" page). Back from the card gateway (`?deposit=<id>`):
 * "please wait" while the payment is confirmed (polling every 2 s for about a minute), then approved or
 * rejected, with the way to the recharge records; a payment still unconfirmed after that shows as such,
 * its record will follow. Opened without a payment (a bookmark, a link): a recharge page with the ways to
 * recharge — there is nothing to wait for, so nothing is "not found".
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatCents } from '../../../lib/format.ts';
import { RECHARGE_RECORDS_PATH } from '../../../lib/paths.ts';
import { RECHARGE_POLL_WINDOW_MS, useRechargeStatus } from '../api/recharge-status.ts';
import { RechargeMethods } from '../components/recharge-methods.tsx';
import { refreshMoney } from '../query-keys.ts';
import '../money.css';

function Outcome({ status, children }: { status: string; children: ReactNode }) {
  return (
    <section className="outcome" role="status" data-testid="card-return-status" data-status={status}>
      {children}
    </section>
  );
}

function DepositOutcome({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(true);
  const query = useRechargeStatus(id, polling);
  const status = query.data?.status;

  useEffect(() => {
    const timer = setTimeout(() => setPolling(false), RECHARGE_POLL_WINDOW_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    // The balance and the records changed with the decision.
    if (status === 'approved' || status === 'rejected') refreshMoney(queryClient);
  }, [status, queryClient]);

  if (query.isError && !query.data) {
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch().catch(() => {})} />;
  }
  if (query.data === null) {
    return (
      <Outcome status="not-found">
        <p>{t('deposit.returnNotFound')}</p>
      </Outcome>
    );
  }
  const deposit = query.data;
  if (!deposit || (deposit.status === 'pending' && polling)) {
    return (
      <Outcome status="waiting">
        <span className="spinner" aria-hidden="true" />
        <p>{t('deposit.returnWaiting')}</p>
        {deposit ? <strong className="outcome__amount">{formatCents(deposit.amount)}</strong> : null}
      </Outcome>
    );
  }
  return (
    <Outcome status={deposit.status}>
      <strong className="outcome__amount">{formatCents(deposit.amount)}</strong>
      <p>
        {deposit.status === 'approved'
          ? t('deposit.returnApproved')
          : deposit.status === 'rejected'
            ? t('deposit.returnRejected')
            : t('deposit.returnStillPending')}
      </p>
      {deposit.status === 'rejected' && deposit.rejectReason ? (
        <p className="notice__detail">{deposit.rejectReason}</p>
      ) : null}
    </Outcome>
  );
}

export default function CardRechargeReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('deposit');
  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeTopUp')} />
      <main className="page__body">
        {id ? <DepositOutcome id={id} /> : <RechargeMethods />}
        <Link
          className="text-button text-button--block"
          to={RECHARGE_RECORDS_PATH}
          data-testid="card-return-records"
        >
          {t('deposit.toRecords')}
        </Link>
      </main>
    </div>
  );
}
