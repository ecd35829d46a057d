/**
 * /pages/add-bank-card/index (from card management) and /pages/add-bank-card/indexs (from the withdraw
 * page): bind a bank card — bank name, account number (8-30 digits) and payee, every value required. The
 * card must belong to the holder: the payee must be the account's real name. A user without one sets it
 * here first, once (PUT /me/real-name); the payee then starts as that name. Once bound, the user goes
 * back to where they came from (card management, or the withdraw page for `indexs`).
 */
import type { MeResponse } from '@tradehall/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useMe } from '../../../lib/me.ts';
import { useNav } from '../../../lib/navigation.ts';
import { BANK_CARDS_PATH, BIND_CARD_FOR_WITHDRAWAL_PATH, WITHDRAW_PATH } from '../../../lib/paths.ts';
import { useCreateBankCard } from '../api/create-bank-card.ts';
import { useSetRealName } from '../api/real-name.ts';
import { bankCardSchema } from '../forms.ts';
import { returnTo } from '../return-to.ts';
import '../money.css';

function BindCardForm({ me, fallback }: { me: MeResponse; fallback: string }) {
  const { t } = useTranslation();
  const nav = useNav();
  const setRealName = useSetRealName();
  const createCard = useCreateBankCard();
  const savedRealName = me.realName;
  const schema = useMemo(() => bankCardSchema(savedRealName), [savedRealName]);
  const { form, field, onSubmit, pending } = useFormSubmit({
    schema,
    // The payee follows the real name until the user edits it.
    defaultValues: { realName: '', bankName: '', accountNumber: '', payee: savedRealName ?? '' },
    // "The card must belong to the holder": said beside the payee.
    codeFields: { PAYEE_MISMATCH: 'payee' },
    send: async ({ realName, ...card }) => {
      if (realName !== null) await setRealName.mutateAsync(realName);
      return createCard.mutateAsync(card);
    },
    successToast: t('cards.bound'),
    onSuccess: () => returnTo(nav, fallback),
  });
  const [payeeEdited, setPayeeEdited] = useState(false);
  const realName = field('realName');
  const payee = field('payee');

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {savedRealName === null ? (
        <TextField
          label={t('cards.realName')}
          placeholder={t('cards.realNamePlaceholder')}
          autoComplete="name"
          {...realName}
          onChange={(value) => {
            realName.onChange(value);
            if (!payeeEdited) form.setValue('payee', value);
            form.clearErrors('payee');
          }}
          hint={t('cards.realNameHint')}
          testId="bankcard-realname"
        />
      ) : null}
      <TextField
        label={t('cards.bankName')}
        placeholder={t('cards.bankNamePlaceholder')}
        autoComplete="off"
        {...field('bankName')}
        testId="bankcard-bank"
      />
      <TextField
        label={t('cards.accountNumber')}
        placeholder={t('cards.accountNumberPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        {...field('accountNumber')}
        testId="bankcard-number"
      />
      <TextField
        label={t('cards.payee')}
        placeholder={t('cards.payeePlaceholder')}
        autoComplete="name"
        {...payee}
        onChange={(value) => {
          setPayeeEdited(true);
          payee.onChange(value);
        }}
        testId="bankcard-payee"
      />
      <SubmitButton
        label={t('cards.submit')}
        busyLabel={t('cards.submitting')}
        busy={pending}
        testId="bankcard-submit"
      />
    </form>
  );
}

export default function BindCardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const fallback = pathname === BIND_CARD_FOR_WITHDRAWAL_PATH ? WITHDRAW_PATH : BANK_CARDS_PATH;
  return (
    <div className="page">
      <PageHeader title={t('titles.bindBankCard')} />
      <main className="page__body">
        {me.data ? (
          <BindCardForm me={me.data} fallback={fallback} />
        ) : me.isError ? (
          <ErrorNotice error={me.error} onRetry={() => void me.refetch().catch(() => {})} />
        ) : (
          <DataPlaceholder lines={4} />
        )}
      </main>
    </div>
  );
}
