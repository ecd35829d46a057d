/**
 * /pages/mine/addqb: add a wallet address — the type must be chosen ("Please choose a wallet type"), the
 * address is required and checked for that type (TRC20: base58check `T…`; ERC20: `0x` + 40 hex). Once
 * added, back to where the user came from (the wallets list, or the withdraw page).
 */
import { WALLET_TYPES } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceList } from '../../../components/ui/choice-list.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useNav } from '../../../lib/navigation.ts';
import { WALLETS_PATH } from '../../../lib/paths.ts';
import { useCreateWallet } from '../api/create-wallet.ts';
import { walletSchema } from '../forms.ts';
import { returnTo } from '../return-to.ts';
import '../money.css';

export default function AddWalletPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const mutation = useCreateWallet();
  const { form, field, onSubmit, pending } = useFormSubmit({
    schema: walletSchema,
    defaultValues: { type: null as string | null, address: '' },
    send: (request) => mutation.mutateAsync(request),
    successToast: t('wallets.added'),
    onSuccess: () => returnTo(nav, WALLETS_PATH),
  });
  const type = field('type');

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
            {...type}
            onChange={(value) => {
              type.onChange(value);
              // A new type re-checks the address against it on the next submit.
              form.clearErrors('address');
            }}
          />
          <TextField
            label={t('wallets.address')}
            placeholder={t('wallets.addressPlaceholder')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field('address')}
            testId="wallet-address"
          />
          <SubmitButton
            label={t('wallets.submit')}
            busyLabel={t('wallets.submitting')}
            busy={pending}
            testId="wallet-submit"
          />
        </form>
      </main>
    </div>
  );
}
