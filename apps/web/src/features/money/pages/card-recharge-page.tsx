/**
 * /pages/recharge/yhkczhi (bank-card payment): choose or type an amount, then pay on the card gateway's
 * hosted page (POST /deposits {method: 'card'} answers with its checkoutUrl). The gateway brings the user
 * back to /pages/recharge/chongzhi. When card payment is switched off, the page says so.
 */
import type { FundingMethodsResponse } from '@tradehall/contracts';
import { dollars } from '@tradehall/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { toAmountInput } from '../../../lib/amount.ts';
import { formatCents } from '../../../lib/format.ts';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCreateRecharge } from '../api/create-recharge.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { goToCheckout, safeCheckoutUrl } from '../checkout.ts';
import { RechargeAmountField } from '../components/recharge-amount-field.tsx';
import { TestPaymentsNotice } from '../components/test-payments-notice.tsx';
import { cardRechargeSchema } from '../forms.ts';
import '../money.css';

const QUICK_AMOUNTS = [50, 100, 200, 500, 1_000, 5_000].map(dollars);

function CardDepositForm({ data }: { data: FundingMethodsResponse }) {
  const { t } = useTranslation();
  const mutation = useCreateRecharge();
  const [leaving, setLeaving] = useState(false);
  const schema = useMemo(() => cardRechargeSchema(data), [data]);
  const { field, onSubmit, pending } = useFormSubmit({
    schema,
    defaultValues: { amount: '' },
    canSubmit: () => !leaving,
    send: (request, idempotencyKey) => mutation.mutateAsync({ ...request, idempotencyKey }),
    onSuccess: (deposit) => {
      const url = safeCheckoutUrl(deposit.checkoutUrl);
      if (!url) {
        showToast(t('deposit.checkoutMissing'));
        return;
      }
      // Stays busy ("Please wait") until the browser has left for the gateway.
      setLeaving(true);
      goToCheckout(url);
    },
  });
  const amount = field('amount');
  const quickAmounts = QUICK_AMOUNTS.filter(
    (cents) => cents >= data.minimumDeposit && cents <= data.maximumDeposit,
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="page__intro">{t('deposit.cardIntro')}</p>
      <TestPaymentsNotice show={data.cardPayment.testPayments} />
      <fieldset className="quick-amounts">
        <legend className="field__label">{t('deposit.quickAmounts')}</legend>
        {quickAmounts.map((cents) => {
          const selected = amount.value === toAmountInput(cents);
          return (
            <button
              key={cents}
              type="button"
              className={
                selected ? 'quick-amounts__item quick-amounts__item--selected' : 'quick-amounts__item'
              }
              aria-pressed={selected}
              onClick={() => amount.onChange(toAmountInput(cents))}
              data-testid={`card-quick-${cents}`}
            >
              {formatCents(cents)}
            </button>
          );
        })}
      </fieldset>
      <RechargeAmountField limits={data} {...amount} testId="card-amount" />
      <SubmitButton
        label={t('deposit.payNow')}
        busyLabel={t('deposit.pleaseWait')}
        busy={pending || leaving}
        testId="card-submit"
      />
    </form>
  );
}

export default function CardRechargePage() {
  const { t } = useTranslation();
  const methods = useFundingMethods();
  const data = methods.data;

  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeBankCard')} />
      <main className="page__body">
        {data && !data.cardPayment.available ? (
          <p className="notice" role="status" data-testid="card-unavailable">
            {t('errors.CARD_PAYMENT_UNAVAILABLE')}
          </p>
        ) : data ? (
          <CardDepositForm data={data} />
        ) : methods.isError ? (
          <ErrorNotice error={methods.error} onRetry={() => void methods.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={4} />
        )}
      </main>
    </div>
  );
}
