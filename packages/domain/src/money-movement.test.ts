import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAccountNumber,
  checkAmountRange,
  checkRequiredText,
  checkTxHash,
  checkWalletAddress,
  isTronAddress,
  maskAccountNumber,
  maskAddress,
  sameName,
  webhookSignature,
  withdrawableAmount,
} from './money-movement.ts';

describe('withdrawableAmount', () => {
  it('holds back the unmet turnover of deposits', () => {
    const base = { balance: 10_000, totalDeposited: 10_000, turnoverMultiplier: 1 };
    expect(withdrawableAmount({ ...base, totalStaked: 0 })).toBe(0);
    expect(withdrawableAmount({ ...base, totalStaked: 4_000 })).toBe(4_000);
    expect(withdrawableAmount({ ...base, totalStaked: 25_000 })).toBe(10_000);
    expect(withdrawableAmount({ ...base, totalStaked: 0, turnoverMultiplier: 0 })).toBe(10_000);
  });

  it('is always between 0 and the balance', () => {
    fc.assert(
      fc.property(
        fc.nat(10 ** 10),
        fc.nat(10 ** 10),
        fc.nat(10 ** 10),
        fc.constantFrom(0, 0.5, 1, 2),
        (balance, totalDeposited, totalStaked, turnoverMultiplier) => {
          const amount = withdrawableAmount({ balance, totalDeposited, totalStaked, turnoverMultiplier });
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(balance);
        },
      ),
    );
  });
});

describe('amount range', () => {
  it('names the limit that was crossed', () => {
    expect(checkAmountRange(999, 1_000, 5_000)).toEqual({ ok: false, reason: 'below_minimum', limit: 1_000 });
    expect(checkAmountRange(5_001, 1_000, 5_000)).toEqual({
      ok: false,
      reason: 'above_maximum',
      limit: 5_000,
    });
    expect(checkAmountRange(1_000, 1_000, 5_000)).toEqual({ ok: true });
    expect(checkAmountRange(5_000, 1_000, 5_000)).toEqual({ ok: true });
  });
});

describe('bank cards', () => {
  it('accepts 8-30 digits, spaces and dashes ignored', () => {
    expect(checkAccountNumber('')).toBe('validation.accountNumberRequired');
    expect(checkAccountNumber('1234 567')).toBe('validation.accountNumberFormat');
    expect(checkAccountNumber('6222-0212-3456-7890')).toBeNull();
    expect(checkAccountNumber('12345678abc')).toBe('validation.accountNumberFormat');
    expect(checkAccountNumber('1'.repeat(31))).toBe('validation.accountNumberFormat');
  });

  it('requires text fields and refuses control characters', () => {
    expect(checkRequiredText('  ', 'validation.bankNameRequired')).toBe('validation.bankNameRequired');
    expect(checkRequiredText('Bank\u0007', 'validation.bankNameRequired')).toBe(
      'validation.controlCharacters',
    );
    expect(checkRequiredText('x'.repeat(65), 'validation.bankNameRequired')).toBe('validation.tooLong');
    expect(checkRequiredText('HSBC', 'validation.bankNameRequired')).toBeNull();
  });

  it('compares holder names ignoring case and extra spaces', () => {
    expect(sameName('Li  Wei ', 'li wei')).toBe(true);
    expect(sameName('Li Wei', 'Li Wen')).toBe(false);
  });

  it('masks numbers and addresses', () => {
    expect(maskAccountNumber('6222021234567890')).toBe('**** 7890');
    expect(maskAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…gjLj6t');
  });
});

describe('wallet addresses', () => {
  const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const eth = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

  it('checks TRC20 base58check including the checksum', () => {
    expect(isTronAddress(tron)).toBe(true);
    expect(isTronAddress(`${tron.slice(0, -1)}u`)).toBe(false);
    expect(isTronAddress(eth)).toBe(false);
    expect(checkWalletAddress('USDT-TRC20', tron)).toBeNull();
    expect(checkWalletAddress('USDT-TRC20', 'T123')).toBe('validation.walletAddressInvalid');
  });

  it('checks ERC20 as 0x + 40 hex', () => {
    expect(checkWalletAddress('USDT-ERC20', eth)).toBeNull();
    expect(checkWalletAddress('USDT-ERC20', `${eth}0`)).toBe('validation.walletAddressInvalid');
    expect(checkWalletAddress('USDT-ERC20', tron)).toBe('validation.walletAddressInvalid');
  });

  it('needs a type and an address', () => {
    expect(checkWalletAddress('', tron)).toBe('validation.walletTypeRequired');
    expect(checkWalletAddress('BTC', tron)).toBe('validation.walletTypeRequired');
    expect(checkWalletAddress('USDT-ERC20', ' ')).toBe('validation.walletAddressRequired');
  });

  it('checks transaction hashes', () => {
    expect(checkTxHash('')).toBe('validation.txHashRequired');
    expect(checkTxHash('a'.repeat(64))).toBeNull();
    expect(checkTxHash(`0x${'B'.repeat(64)}`)).toBeNull();
    expect(checkTxHash('g'.repeat(64))).toBe('validation.txHashInvalid');
  });
});

describe('webhook signature', () => {
  it('changes with the secret, the timestamp and every byte of the body', () => {
    const signature = webhookSignature('secret', 1_700_000_000, '{"a":1}');
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSignature('secret2', 1_700_000_000, '{"a":1}')).not.toBe(signature);
    expect(webhookSignature('secret', 1_700_000_001, '{"a":1}')).not.toBe(signature);
    expect(webhookSignature('secret', 1_700_000_000, '{"a":2}')).not.toBe(signature);
  });
});
