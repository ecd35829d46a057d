/**
 * /pages/withdraw/index: balance and withdrawable amount; the amount (limits shown, "withdraw all" fills
 * in the withdrawable amount; why it is below the balance, with the turnover rule), where to (one of the
 * user's own cards or wallets, preselected when there is only one; with none, the ways to add one), the 6-digit payment password, submit. A user without a payment password is sent to set one
 * first and comes back here. The server's refusals (wrong password, locked, over the withdrawable amount,
 * daily limit...) are shown as it words them. Once requested, the withdrawal records show it.
 */
import type {
  AssetsResponse,
  BankCardView,
  FundingMethodsResponse,
  MeResponse,
  WalletView,
} from '@tradehall/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceList } from '../../../components/ui/choice-list.tsx';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PasscodeField } from '../../../components/ui/passcode-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toAmountInput } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCents } from '../../../lib/format.ts';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { useMe } from '../../../lib/me.ts';
import { type Navigation, useNav } from '../../../lib/navigation.ts';
import { showToast } from '../../../lib/toast.ts';
import { useAssets } from '../api/assets.ts';
import { useBankCards } from '../api/bank-cards.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { useFundingMethods } from '../api/funding-methods.ts';
import { useWallets } from '../api/wallets.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { TurnoverNotice } from '../components/turnover-notice.tsx';
import '../money.css';
import {
  ADD_WALLET_PATH,
  BIND_CARD_FOR_WITHDRAWAL_PATH,
  PAYMENT_PASSWORD_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_RECORDS_PATH,
  WITHDRAWALS_OPEN_PATH,
} from '../../../lib/paths.ts';
import { withdrawMethodValue, withdrawSchema } from '../forms.ts';

function toSetPaymentPassword(nav: Navigation): void {
  nav.redirectTo(PAYMENT_PASSWORD_PATH, { redirect: WITHDRAW_PATH });
}

interface WithdrawFormProps {
  me: MeResponse;
  methods: FundingMethodsResponse;
  cards: BankCardView[];
  wallets: WalletView[];
  turnover: AssetsResponse['turnover'] | undefined;
}

function WithdrawFormView({ me, methods, cards, wallets, turnover }: WithdrawFormProps) {
  const { t } = useTranslation();
  const nav = useNav();
  const mutation = useCreateWithdrawal();
  const choices = [
    ...cards.map((card) => ({
      value: withdrawMethodValue('bank_card', card.id),
      label: `${card.bankName} ${card.maskedNumber}`,
      hint: card.payee,
      testId: `withdraw-method-${card.id}`,
    })),
    ...wallets.map((wallet) => ({
      value: withdrawMethodValue('wallet', wallet.id),
      label: wallet.type,
      hint: wallet.maskedAddress,
      testId: `withdraw-method-${wallet.id}`,
    })),
  ];

  const schema = useMemo(
    () => withdrawSchema({ ...methods, withdrawable: me.withdrawable }),
    [methods, me.withdrawable],
  );
  const { form, field, onSubmit, pending, restart } = useFormSubmit({
    schema,
    defaultValues: {
      amount: '',
      // With only one card or wallet there is nothing to choose: it is the one.
      method: choices.length === 1 ? (choices[0]?.value ?? null) : null,
      paymentPassword: '',
    } as { amount: string; method: string | null; paymentPassword: string },
    serverFields: ['amount', 'paymentPassword'],
    codeFields: { PAYMENT_PASSWORD_WRONG: 'paymentPassword' },
    send: (request, idempotencyKey) => mutation.mutateAsync({ ...request, idempotencyKey }),
    successToast: t('withdraw.submitted'),
    onSuccess: () => nav.redirectTo(WITHDRAWAL_RECORDS_PATH),
    onError: (error) => {
      if (isApiError(error) && error.code === 'PAYMENT_PASSWORD_REQUIRED') {
        toSetPaymentPassword(nav);
        return true;
      }
      if (isApiError(error) && error.code === 'PAYMENT_PASSWORD_WRONG') {
        // A new attempt is a new request: clear the digits (and with them the key).
        restart();
        form.setValue('paymentPassword', '');
      }
      return false;
    },
  });
  const amount = field('amount');
  const method = field('method');

  return (
    <form className="form full-width-passcode" onSubmit={onSubmit} noValidate>
      <BalanceCard
        figures={[
          { label: t('withdraw.balance'), value: formatCents(me.balance), testId: 'withdraw-balance' },
          {
            label: t('withdraw.withdrawable'),
            value: formatCents(me.withdrawable),
            testId: 'withdraw-withdrawable',
          },
        ]}
      />
      {turnover ? <TurnoverNotice turnover={turnover} rule="link" /> : null}
      <TextField
        label={t('withdraw.amount')}
        placeholder={t('withdraw.amountPlaceholder')}
        inputMode="decimal"
        autoComplete="off"
        {...amount}
        hint={t('withdraw.limits', {
          min: formatCents(methods.minimumWithdrawal),
          max: formatCents(methods.maximumWithdrawal),
          count: methods.withdrawalsPerDay,
        })}
        testId="withdraw-amount"
        addon={
          <button
            type="button"
            className="addon-button"
            onClick={() => amount.onChange(toAmountInput(me.withdrawable))}
            data-testid="withdraw-all"
          >
            {t('withdraw.all')}
          </button>
        }
      />
      {choices.length > 0 ? (
        <ChoiceList legend={t('withdraw.method')} choices={choices} {...method} />
      ) : (
        <div className={method.error ? 'notice notice--invalid' : 'notice'} data-testid="withdraw-no-methods">
          <p>{t('withdraw.noMethods')}</p>
          {method.error ? (
            <p className="field__error" role="alert">
              {method.error}
            </p>
          ) : null}
          <div className="notice__actions">
            <Link className="text-button" to={BIND_CARD_FOR_WITHDRAWAL_PATH} data-testid="withdraw-bind-card">
              {t('withdraw.bindCard')}
            </Link>
            <Link className="text-button" to={ADD_WALLET_PATH} data-testid="withdraw-add-wallet">
              {t('withdraw.addWallet')}
            </Link>
          </div>
        </div>
      )}
      <PasscodeField
        label={t('withdraw.password')}
        hint={t('withdraw.passwordHint')}
        {...field('paymentPassword')}
        testId="withdraw-password"
      />
      <SubmitButton
        label={t('withdraw.submit')}
        busyLabel={t('deposit.pleaseWait')}
        busy={pending}
        testId="withdraw-submit"
      />
    </form>
  );
}

export default function WithdrawPage() {
  const { t } = useTranslation();
  const nav = useNav();
  const me = useMe();
  const methods = useFundingMethods();
  const cards = useBankCards();
  const wallets = useWallets();
  // Only explains the withdrawable amount: the form does not wait for it.
  const assets = useAssets();
  const needsPaymentPassword = me.data?.hasPaymentPassword === false;
  const sentAway = useRef(false);

  useEffect(() => {
    if (!needsPaymentPassword || sentAway.current) return;
    sentAway.current = true;
    showToast(t('errors.PAYMENT_PASSWORD_REQUIRED'));
    toSetPaymentPassword(nav);
  }, [needsPaymentPassword, nav, t]);

  const queries = [me, methods, cards, wallets];
  const failed = queries.find((query) => query.isError);
  const retry = () => {
    for (const query of queries) if (query.isError) void query.refetch().catch(() => {});
  };

  return (
    <div className="page">
      <PageHeader title={t('titles.withdraw')} />
      <main className="page__body">
        {failed ? (
          <ErrorNotice error={failed.error} onRetry={retry} />
        ) : me.data && methods.data && cards.data && wallets.data && !needsPaymentPassword ? (
          <WithdrawFormView
            me={me.data}
            methods={methods.data}
            cards={cards.data.items}
            wallets={wallets.data.items}
            turnover={assets.data?.turnover}
          />
        ) : (
          <DataPlaceholder lines={6} />
        )}
        <Link className="text-link" to={WITHDRAWAL_RECORDS_PATH} data-testid="withdraw-records">
          {t('withdraw.records')}
        </Link>
        <Link className="text-link" to={WITHDRAWALS_OPEN_PATH} data-testid="withdraw-open">
          {t('withdrawalStats.openHint')}
        </Link>
      </main>
    </div>
  );
}
