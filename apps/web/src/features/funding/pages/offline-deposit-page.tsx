/**
 * /pages/recharge/index (offline top-up): the bank accounts to transfer to, then the amount (required, not
 * below the configured minimum), the name of the recharger (required) and an optional receipt image. While
 * it is sent the button says "Please wait"; once accepted the user sees the recharge records.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { ReceiptUploader } from '../components/receipt-uploader.tsx';
import { ReceivingAccounts } from '../components/receiving-accounts.tsx';
import { type OfflineDepositForm, validateOfflineDeposit } from '../validation.ts';

type Field = 'amount' | 'depositorName';
const FIELDS = ['amount', 'depositorName'] as const;

export default function OfflineDepositPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const translate = useFormMessages();
  const methods = useFundingMethods();
  const mutation = useCreateDeposit();
  const keeper = useIdempotencyKeeper();
  const [form, setForm] = useState<OfflineDepositForm>({
    amount: '',
    depositorName: '',
    receiptUploadId: null,
  });
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const update = (field: Field) => (value: string) => {
    keeper.edited();
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const setReceipt = (receiptUploadId: string | null) => {
    keeper.edited();
    setForm((current) => ({ ...current, receiptUploadId }));
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending || !methods.data) return;
    if (uploading) {
      showToast(t('deposit.receiptUploading'));
      return;
    }
    const result = validateOfflineDeposit(form, methods.data);
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
        // A network failure keeps the key: tapping Submit again retries the same request.
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
      <PageHeader title={t('titles.rechargeOffline')} />
      <main className="page__body">
        {methods.data ? (
          <>
            <p className="page__intro">{t('deposit.offlineSteps')}</p>
            <ReceivingAccounts accounts={methods.data.bankAccounts} />
            <form className="form" onSubmit={onSubmit} noValidate>
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
                testId="offline-amount"
              />
              <TextField
                label={t('deposit.depositorName')}
                placeholder={t('deposit.depositorNamePlaceholder')}
                autoComplete="name"
                value={form.depositorName}
                onChange={update('depositorName')}
                error={errors.depositorName}
                testId="offline-name"
              />
              <ReceiptUploader onChange={setReceipt} onUploadingChange={setUploading} />
              <SubmitButton
                label={t('deposit.submit')}
                busyLabel={t('deposit.pleaseWait')}
                busy={mutation.isPending}
                testId="offline-submit"
              />
            </form>
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
