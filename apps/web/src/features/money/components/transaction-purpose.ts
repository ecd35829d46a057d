/**
 * What a transaction line was for, in words: the position (its bet, round and room), the recharge or
 * the withdrawal (reference and where it went), so a record explains itself without opening another page.
 */
import type { TransactionPurpose } from '@tradehall/contracts';
import type { TFunction } from 'i18next';

export function betLabel(purpose: Extract<TransactionPurpose, { type: 'position' }>, t: TFunction): string {
  if (purpose.betCategory === 'special_number') {
    return t('trading.bets.special', { number: purpose.betNumber ?? '' });
  }
  return purpose.betType ? t(`trading.bets.${purpose.betType}`) : '';
}

export function describePurpose(purpose: TransactionPurpose, t: TFunction): string | null {
  switch (purpose.type) {
    case 'position':
      return t('transactions.forPosition', {
        bet: betLabel(purpose, t),
        round: t('trading.issue', { issue: purpose.issue }),
        room: t(`trading.tiers.${purpose.tier}`),
      });
    case 'deposit':
      return t('transactions.forDeposit', {
        method: t(`deposit.methods.${purpose.method}`),
        reference: purpose.reference,
      });
    case 'withdrawal':
      return t('transactions.forWithdrawal', {
        destination: purpose.destinationLabel,
        reference: purpose.reference,
      });
    case 'referral':
      return t('referral.recordLine', {
        day: purpose.day,
        level: purpose.level,
        count: purpose.invitees,
      });
    case 'other':
      return null;
  }
}
