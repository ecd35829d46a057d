/**
 * /pages/add-bank-card/index (from card management) and /pages/add-bank-card/indexs (from the withdraw
 * page): bind a bank card — bank name, account number (8-30 digits) and payee, every value required. The
 * card must belong to the holder: the payee must be the account's real name. A user without one sets it
 * here first, once (PUT /me/real-name); the payee then starts as that name. Once bound, the user goes
 * back to where they came from (card management, or the withdraw page for `indexs`).
 */
import type { MeResponse } from '@tradehall/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form-errors.ts';
import { useMe } from '../../../lib/me.ts';
import { useNav } from '../../../lib/navigation.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useFormMessages } from '../../../lib/use-form-messages.ts';
import { useCreateBankCard } from '../api/create-bank-card.ts';
import { useSetRealName } from '../api/real-name.ts';
import { returnTo } from '../return-to.ts';
import { type BankCardForm, validateBankCard } from '../validation.ts';

type Field = keyof BankCardForm;
const CARD_FIELDS = ['bankName', 'accountNumber', 'payee'] as const;

const WITHDRAW_PATH = '/pages/withdraw/index';
const CARDS_PATH = '/pages/mine/qianbaokh';

function BindCardForm({ me, fallback }: { me: MeResponse; fallback: string }) {
  const { t } = useTranslation();
  const nav = useNav();
  const translate = useFormMessages();
  const setRealName = useSetRealName();
  const createCard = useCreateBankCard();
  const savedRealName = me.realName;
  const [form, setForm] = useState<BankCardForm>({
    realName: '',
    bankName: '',
    accountNumber: '',
    payee: '',
  });
  // The payee follows the real name until the user edits it.
  const [payeeEdited, setPayeeEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const payee = payeeEdited ? form.payee : (savedRealName ?? form.realName);
  const busy = setRealName.isPending || createCard.isPending;

  const update = (field: Field) => (value: string) => {
    if (field === 'payee') setPayeeEdited(true);
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      ...current,
      [field]: undefined,
      ...(field === 'realName' ? { payee: undefined } : {}),
    }));
  };

  const submit = useDebouncedCallback(async () => {
    if (busy) return;
    const result = validateBankCard({ ...form, payee }, savedRealName);
    if (!result.ok) {
      setErrors(translate(result.errors));
      return;
    }
    const { realName, card } = result.value;
    try {
      if (realName !== null) await setRealName.mutateAsync(realName);
    } catch (error) {
      setErrors(serverFieldErrors(error, ['realName'] as const));
      toastError(error);
      return;
    }
    return createCard.mutateAsync(card).then(
      () => {
        showToast(t('cards.bound'), 'success');
        returnTo(nav, fallback);
      },
      (error: unknown) => {
        const fieldErrors = serverFieldErrors(error, CARD_FIELDS);
        // "The card must belong to the holder": said beside the payee.
        if (isApiError(error) && error.code === 'PAYEE_MISMATCH') fieldErrors.payee = error.message;
        setErrors(fieldErrors);
        toastError(error);
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {savedRealName === null ? (
        <TextField
          label={t('cards.realName')}
          placeholder={t('cards.realNamePlaceholder')}
          autoComplete="name"
          value={form.realName}
          onChange={update('realName')}
          error={errors.realName}
          hint={t('cards.realNameHint')}
          testId="bankcard-realname"
        />
      ) : null}
      <TextField
        label={t('cards.bankName')}
        placeholder={t('cards.bankNamePlaceholder')}
        autoComplete="off"
        value={form.bankName}
        onChange={update('bankName')}
        error={errors.bankName}
        testId="bankcard-bank"
      />
      <TextField
        label={t('cards.accountNumber')}
        placeholder={t('cards.accountNumberPlaceholder')}
        inputMode="numeric"
        autoComplete="off"
        value={form.accountNumber}
        onChange={update('accountNumber')}
        error={errors.accountNumber}
        testId="bankcard-number"
      />
      <TextField
        label={t('cards.payee')}
        placeholder={t('cards.payeePlaceholder')}
        autoComplete="name"
        value={payee}
        onChange={update('payee')}
        error={errors.payee}
        testId="bankcard-payee"
      />
      <SubmitButton
        label={t('cards.submit')}
        busyLabel={t('cards.submitting')}
        busy={busy}
        testId="bankcard-submit"
      />
    </form>
  );
}

export default function BindCardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const fallback = pathname.endsWith('/indexs') ? WITHDRAW_PATH : CARDS_PATH;
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
