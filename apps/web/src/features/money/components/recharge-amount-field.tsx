/** The amount of a recharge, with the configured limits under it while there is no message. */
import type { FundingMethodsResponse } from '@tradehall/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatCents } from '../../../lib/format.ts';
import type { FieldBinding } from '../../../lib/forms/use-form-submit.ts';

export interface RechargeAmountFieldProps extends FieldBinding<string> {
  limits: Pick<FundingMethodsResponse, 'minimumDeposit' | 'maximumDeposit'>;
  testId: string;
}

export function RechargeAmountField({ limits, ...props }: RechargeAmountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('deposit.amount')}
      placeholder={t('deposit.amountPlaceholder')}
      inputMode="decimal"
      autoComplete="off"
      hint={t('deposit.limits', {
        min: formatCents(limits.minimumDeposit),
        max: formatCents(limits.maximumDeposit),
      })}
      {...props}
    />
  );
}
