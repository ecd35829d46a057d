/**
 * /pages/recharge/yhkczhi (bank-card payment): choose or type an amount, then pay on the card gateway's
 * hosted page (POST /deposits {method: 'card'} answers with its checkoutUrl). The gateway brings the user
 * back to /pages/recharge/chongzhi. When card payment is switched off, the page says so.
 */
import { dollars } from '@tradehall/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toAmountInput } from '../../../lib/amount.ts';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form-errors.ts';
import { formatCents } from '../../../lib/format.ts';
import { useIdempotencyKeeper } from '../../../lib/idempotency.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useFormMessages } from '../../../lib/use-form-messages.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { goToCheckout, safeCheckoutUrl } from '../checkout.ts';
import { TestPaymentsNotice } from '../components/test-payments-notice.tsx';
import { validateCardDeposit } from '../validation.ts';

const QUICK_AMOUNTS = [50, 100, 200, 500, 1_000, 5_000].map(dollars);

export default function CardDepositPage() {
  const { t } = useTranslation();
  const translate = useFormMessages();
  const methods = useFundingMethods();
  const mutation = useCreateDeposit();
  const keeper = useIdempotencyKeeper();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'amount'>>({});
  const [leaving, setLeaving] = useState(false);

  const change = (value: string) => {
    keeper.edited();
    setAmount(value);
    setErrors({});
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending || leaving || !methods.data) return;
    const result = validateCardDeposit({ amount }, methods.data);
    if (!result.ok) {
      setErrors(translate(result.errors));
      return;
    }
    const request = { ...result.value, idempotencyKey: keeper.keyFor(result.value) };
    return mutation.mutateAsync(request).then(
      (deposit) => {
        keeper.succeeded();
        const url = safeCheckoutUrl(deposit.checkoutUrl);
        if (!url) {
          showToast(t('deposit.checkoutMissing'));
          return;
        }
        // Stays busy ("Please wait") until the browser has left for the gateway.
        setLeaving(true);
        goToCheckout(url);
      },
      (error: unknown) => {
        setErrors(serverFieldErrors(error, ['amount'] as const));
        toastError(error);
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const data = methods.data;
  const quickAmounts = data
    ? QUICK_AMOUNTS.filter((cents) => cents >= data.minimumDeposit && cents <= data.maximumDeposit)
    : [];

  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeBankCard')} />
      <main className="page__body">
        {data && !data.cardPayment.available ? (
          <p className="notice" role="status" data-testid="card-unavailable">
            {t('errors.CARD_PAYMENT_UNAVAILABLE')}
          </p>
        ) : data ? (
          <form className="form" onSubmit={onSubmit} noValidate>
            <p className="page__intro">{t('deposit.cardIntro')}</p>
            <TestPaymentsNotice show={data.cardPayment.testPayments} />
            <fieldset className="quick-amounts">
              <legend className="field__label">{t('deposit.quickAmounts')}</legend>
              {quickAmounts.map((cents) => {
                const selected = amount === toAmountInput(cents);
                return (
                  <button
                    key={cents}
                    type="button"
                    className={
                      selected ? 'quick-amounts__item quick-amounts__item--selected' : 'quick-amounts__item'
                    }
                    aria-pressed={selected}
                    onClick={() => change(toAmountInput(cents))}
                    data-testid={`card-quick-${cents}`}
                  >
                    {formatCents(cents)}
                  </button>
                );
              })}
            </fieldset>
            <TextField
              label={t('deposit.amount')}
              placeholder={t('deposit.amountPlaceholder')}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={change}
              error={errors.amount}
              hint={t('deposit.limits', {
                min: formatCents(data.minimumDeposit),
                max: formatCents(data.maximumDeposit),
              })}
              testId="card-amount"
            />
            <SubmitButton
              label={t('deposit.payNow')}
              busyLabel={t('deposit.pleaseWait')}
              busy={mutation.isPending || leaving}
              testId="card-submit"
            />
          </form>
        ) : methods.isError ? (
          <ErrorNotice error={methods.error} onRetry={() => void methods.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={4} />
        )}
      </main>
    </div>
  );
}
