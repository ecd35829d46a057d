/**
 * /pages/recharge/huobi (currency recharge): the network (the first one preselected, so its deposit
 * address and QR code show at once), its deposit address (copyable, and as a QR code for a wallet app),
 * then the amount and the transaction hash. The address always names its network beside it ("send only
 * USDT-TRC20 to this address"): sending on the wrong one loses the funds, so the choice stays visible.
 */
import type { FundingMethodsResponse } from '@tradehall/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceList } from '../../../components/ui/choice-list.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useNav } from '../../../lib/navigation.ts';
import { useCreateRecharge } from '../api/create-recharge.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { AddressQr } from '../components/address-qr.tsx';
import { RechargeAmountField } from '../components/recharge-amount-field.tsx';
import '../money.css';
import { RECHARGE_RECORDS_PATH } from '../../../lib/paths.ts';
import { cryptoRechargeSchema } from '../forms.ts';

function CryptoDepositForm({ methods }: { methods: FundingMethodsResponse }) {
  const { t } = useTranslation();
  const nav = useNav();
  const mutation = useCreateRecharge();
  const networks = methods.cryptoNetworks;
  const schema = useMemo(() => cryptoRechargeSchema(methods), [methods]);
  const { field, onSubmit, pending } = useFormSubmit({
    schema,
    defaultValues: { network: networks[0]?.network ?? null, amount: '', txHash: '' } as {
      network: string | null;
      amount: string;
      txHash: string;
    },
    send: (request, idempotencyKey) => mutation.mutateAsync({ ...request, idempotencyKey }),
    successToast: t('deposit.submitted'),
    onSuccess: () => nav.redirectTo(RECHARGE_RECORDS_PATH),
  });
  const network = field('network');
  const chosen = networks.find((entry) => entry.network === network.value);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="page__intro">{t('deposit.cryptoSteps')}</p>
      <ChoiceList
        legend={t('deposit.network')}
        choices={networks.map((entry) => ({
          value: entry.network,
          label: entry.network,
          testId: `crypto-network-${entry.network}`,
        }))}
        {...network}
      />
      {chosen ? (
        <section className="copy-card" aria-label={t('deposit.depositAddress')}>
          <div className="copy-card__row">
            <span className="copy-card__label">{t('deposit.depositAddress')}</span>
            <CopyButton text={chosen.address} label={t('deposit.copyAddress')} testId="crypto-copy-address" />
          </div>
          <AddressQr address={chosen.address} label={t('deposit.addressQr', { network: chosen.network })} />
          <p className="mono break-all" data-testid="crypto-address">
            {chosen.address}
          </p>
          <p className="field__hint">{t('deposit.addressHint', { network: chosen.network })}</p>
        </section>
      ) : null}
      <RechargeAmountField limits={methods} {...field('amount')} testId="crypto-amount" />
      <TextField
        label={t('deposit.txHash')}
        placeholder={t('deposit.txHashPlaceholder')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...field('txHash')}
        testId="crypto-txhash"
      />
      <SubmitButton
        label={t('deposit.submit')}
        busyLabel={t('deposit.pleaseWait')}
        busy={pending}
        testId="crypto-submit"
      />
    </form>
  );
}

export default function CryptoRechargePage() {
  const { t } = useTranslation();
  const methods = useFundingMethods();

  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeCurrency')} />
      <main className="page__body">
        {methods.data && methods.data.cryptoNetworks.length === 0 ? (
          <p className="notice" role="status">
            {t('deposit.noNetworks')}
          </p>
        ) : methods.data ? (
          <CryptoDepositForm methods={methods.data} />
        ) : methods.isError ? (
          <ErrorNotice error={methods.error} onRetry={() => void methods.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={5} />
        )}
      </main>
    </div>
  );
}
