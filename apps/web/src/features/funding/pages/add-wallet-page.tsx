/**
 * /pages/mine/addqb: add a wallet address — the type must be chosen ("Please choose a wallet type"), the
 * address is required and checked for that type (TRC20: base58check `T…`; ERC20: `0x` + 40 hex). Once
 * added, back to where the user came from (the wallets list, or the withdraw page).
 */
import { WALLET_TYPES } from '@tradehall/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceList } from '../../../components/ui/choice-list.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form-errors.ts';
import { useNav } from '../../../lib/navigation.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useFormMessages } from '../../../lib/use-form-messages.ts';
import { useCreateWallet } from '../api/create-wallet.ts';
import { returnTo } from '../return-to.ts';
import { validateWallet, type WalletForm } from '../validation.ts';

type Field = keyof WalletForm;

export default function AddWalletPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const translate = useFormMessages();
  const mutation = useCreateWallet();
  const [form, setForm] = useState<WalletForm>({ type: null, address: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const update = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A new type re-checks the address against it on the next submit.
    setErrors((current) => ({
      ...current,
      [field]: undefined,
      ...(field === 'type' ? { address: undefined } : {}),
    }));
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending) return;
    const result = validateWallet(form);
    if (!result.ok) {
      setErrors(translate(result.errors));
      return;
    }
    return mutation.mutateAsync(result.value).then(
      () => {
        showToast(t('wallets.added'), 'success');
        returnTo(nav, '/pages/mine/qianbao');
      },
      (error: unknown) => {
        setErrors(serverFieldErrors(error, ['type', 'address'] as const));
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
      <PageHeader title={t('titles.addWalletAddress')} />
      <main className="page__body">
        <form className="form" onSubmit={onSubmit} noValidate>
          <ChoiceList
            legend={t('wallets.type')}
            choices={WALLET_TYPES.map((type) => ({
              value: type,
              label: type,
              testId: `wallet-type-${type}`,
            }))}
            value={form.type}
            onChange={update('type')}
            error={errors.type}
          />
          <TextField
            label={t('wallets.address')}
            placeholder={t('wallets.addressPlaceholder')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={form.address}
            onChange={update('address')}
            error={errors.address}
            testId="wallet-address"
          />
          <SubmitButton
            label={t('wallets.submit')}
            busyLabel={t('wallets.submitting')}
            busy={mutation.isPending}
            testId="wallet-submit"
          />
        </form>
      </main>
    </div>
  );
}
