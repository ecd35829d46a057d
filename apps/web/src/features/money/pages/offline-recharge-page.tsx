/**
 * /pages/recharge/index (offline recharge): the bank accounts to transfer to, then the amount (required, not
 * below the configured minimum), the name of the recharger (required) and an optional receipt image. While
 * it is sent the button says "Please wait"; once accepted the user sees the recharge records.
 */
import type { FundingMethodsResponse } from '@tradehall/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useNav } from '../../../lib/navigation.ts';
import { RECHARGE_RECORDS_PATH } from '../../../lib/paths.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCreateRecharge } from '../api/create-recharge.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { ReceiptUploader } from '../components/receipt-uploader.tsx';
import { ReceivingAccounts } from '../components/receiving-accounts.tsx';
import { RechargeAmountField } from '../components/recharge-amount-field.tsx';
import { offlineRechargeSchema } from '../forms.ts';
import '../money.css';

function OfflineDepositForm({ methods }: { methods: FundingMethodsResponse }) {
  const { t } = useTranslation();
  const nav = useNav();
  const mutation = useCreateRecharge();
  const [uploading, setUploading] = useState(false);
  const schema = useMemo(() => offlineRechargeSchema(methods), [methods]);
  const { field, onSubmit, pending } = useFormSubmit({
    schema,
    defaultValues: { amount: '', depositorName: '', receiptUploadId: null as string | null },
    serverFields: ['amount', 'depositorName'],
    canSubmit: () => {
      if (uploading) showToast(t('deposit.receiptUploading'));
      return !uploading;
    },
    send: (request, idempotencyKey) => mutation.mutateAsync({ ...request, idempotencyKey }),
    successToast: t('deposit.submitted'),
    onSuccess: () => nav.redirectTo(RECHARGE_RECORDS_PATH),
  });
  const receipt = field('receiptUploadId');

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <RechargeAmountField limits={methods} {...field('amount')} testId="offline-amount" />
      <TextField
        label={t('deposit.depositorName')}
        placeholder={t('deposit.depositorNamePlaceholder')}
        autoComplete="name"
        {...field('depositorName')}
        testId="offline-name"
      />
      <ReceiptUploader onChange={receipt.onChange} onUploadingChange={setUploading} />
      <SubmitButton
        label={t('deposit.submit')}
        busyLabel={t('deposit.pleaseWait')}
        busy={pending}
        testId="offline-submit"
      />
    </form>
  );
}

export default function OfflineRechargePage() {
  const { t } = useTranslation();
  const methods = useFundingMethods();

  return (
    <div className="page">
      <PageHeader title={t('titles.rechargeOffline')} />
      <main className="page__body">
        {methods.data ? (
          <>
            <p className="page__intro">{t('deposit.offlineSteps')}</p>
            <ReceivingAccounts accounts={methods.data.bankAccounts} />
            <OfflineDepositForm methods={methods.data} />
          </>
        ) : methods.isError ? (
          <ErrorNotice error={methods.error} onRetry={() => void methods.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={5} />
        )}
      </main>
    </div>
  );
}
