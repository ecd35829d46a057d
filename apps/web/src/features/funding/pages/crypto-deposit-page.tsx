/**
 * /pages/recharge/huobi (currency top-up): the network (the first one preselected, so its deposit
 * address and QR code show at once), its deposit address (copyable, and as a QR code for a wallet app),
 * then the amount and the transaction hash. The address always names its network beside it ("send only
 * USDT-TRC20 to this address"): sending on the wrong one loses the funds, so the choice stays visible.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceList } from '../../../components/ui/choice-list.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form-errors.ts';
import { formatCents } from '../../../lib/format.ts';
import { useIdempotencyKeeper } from '../../../lib/idempotency.ts';
import { useNav } from '../../../lib/navigation.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useFormMessages } from '../../../lib/use-form-messages.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { AddressQr } from '../components/address-qr.tsx';
import '../funding.css';
import { type CryptoDepositForm, validateCryptoDeposit } from '../validation.ts';

type Field = 'network' | 'amount' | 'txHash';
const FIELDS = ['network', 'amount', 'txHash'] as const;

export default function CryptoDepositPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const translate = useFormMessages();
  const methods = useFundingMethods();
  const mutation = useCreateDeposit();
  const keeper = useIdempotencyKeeper();
  const [form, setForm] = useState<CryptoDepositForm>({ network: null, amount: '', txHash: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const networks = methods.data?.cryptoNetworks ?? [];
  const network = form.network ?? networks[0]?.network ?? null;
  const chosen = networks.find((entry) => entry.network === network);

  const update = (field: Field) => (value: string) => {
    keeper.edited();
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending || !methods.data) return;
    const result = validateCryptoDeposit({ ...form, network }, methods.data);
    if (!result.ok) {
      setErrors(translate(result.errors));
      return;
    }
    const request = { ...result.value, idempotencyKey: keeper.keyFor(result.value) };
    return mutation.mutateAsync(request).then(
      () => {
        keeper.succeeded();
        showToast(t('deposit.submitted'), 'success');
        nav.redirectTo('/pages/recharge-record/index');
      },
      (error: unknown) => {
        setErrors(serverFieldErrors(error, FIELDS));
        toastError(error);
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeCurrency')} />
      <main className="page__body">
        {methods.data && networks.length === 0 ? (
          <p className="notice" role="status">
            {t('deposit.noNetworks')}
          </p>
        ) : methods.data ? (
          <form className="form" onSubmit={onSubmit} noValidate>
            <p className="page__intro">{t('deposit.cryptoSteps')}</p>
            <ChoiceList
              legend={t('deposit.network')}
              choices={networks.map((entry) => ({
                value: entry.network,
                label: entry.network,
                testId: `crypto-network-${entry.network}`,
              }))}
              value={network}
              onChange={update('network')}
              error={errors.network}
            />
            {chosen ? (
              <section className="copy-card" aria-label={t('deposit.depositAddress')}>
                <div className="copy-card__row">
                  <span className="copy-card__label">{t('deposit.depositAddress')}</span>
                  <CopyButton
                    text={chosen.address}
                    label={t('deposit.copyAddress')}
                    testId="crypto-copy-address"
                  />
                </div>
                <AddressQr
                  address={chosen.address}
                  label={t('deposit.addressQr', { network: chosen.network })}
                />
                <p className="mono break-all" data-testid="crypto-address">
                  {chosen.address}
                </p>
                <p className="field__hint">{t('deposit.addressHint', { network: chosen.network })}</p>
              </section>
            ) : null}
            <TextField
              label={t('deposit.amount')}
              placeholder={t('deposit.amountPlaceholder')}
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              onChange={update('amount')}
              error={errors.amount}
              hint={t('deposit.limits', {
                min: formatCents(methods.data.minimumDeposit),
                max: formatCents(methods.data.maximumDeposit),
              })}
              testId="crypto-amount"
            />
            <TextField
              label={t('deposit.txHash')}
              placeholder={t('deposit.txHashPlaceholder')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={form.txHash}
              onChange={update('txHash')}
              error={errors.txHash}
              testId="crypto-txhash"
            />
            <SubmitButton
              label={t('deposit.submit')}
              busyLabel={t('deposit.pleaseWait')}
              busy={mutation.isPending}
              testId="crypto-submit"
            />
          </form>
        ) : methods.isError ? (
          <ErrorNotice error={methods.error} onRetry={() => void methods.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={5} />
        )}
      </main>
    </div>
  );
}
