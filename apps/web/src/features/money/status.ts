/** How each status reads at a glance: waiting, done, or refused. */
import type { DepositStatus, WithdrawalStatus } from '@tradehall/domain';
import type { RecordTone } from '../../components/ui/record-item.tsx';

export const RECHARGE_TONES: Record<DepositStatus, RecordTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'failure',
};

export const WITHDRAWAL_TONES: Record<WithdrawalStatus, RecordTone> = {
  pending: 'pending',
  paid: 'success',
  rejected: 'failure',
};
