import { beforeAll, describe, expect, it } from 'vitest';
import { readAmount, toAmountInput } from '../../lib/amount.ts';
import type { FieldMessages } from '../../lib/form-errors.ts';
import { i18n, initI18n } from '../../lib/i18n.ts';
import { formMessageTexts } from '../../lib/use-form-messages.ts';
import {
  validateBankCard,
  validateCardDeposit,
  validateCryptoDeposit,
  validateOfflineDeposit,
  validateWallet,
  validateWithdraw,
  withdrawMethodValue,
} from './validation.ts';

const LIMITS = { minimumDeposit: 1000, maximumDeposit: 100_000_000 };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX_HASH = 'a'.repeat(64);
const CARD_ID = '0b8f3c1e-1111-4a6b-9c2d-000000000001';

/** What the form shows, in English: the messages a user reads. */
function shown<F extends string>(result: { ok: true } | { ok: false; errors: FieldMessages<F> }) {
  return result.ok ? {} : formMessageTexts(result.errors, i18n.t);
}

beforeAll(async () => {
  await initI18n('en');
});

describe('amounts typed by the user', () => {
  it('are read into integer cents, never through a float', () => {
    expect(readAmount('10', 'validation.rechargeAmountRequired')).toEqual({ ok: true, cents: 1000 });
    expect(readAmount(' 12.5 ', 'validation.rechargeAmountRequired')).toEqual({ ok: true, cents: 1250 });
    expect(readAmount('0.07', 'validation.rechargeAmountRequired')).toEqual({ ok: true, cents: 7 });
    expect(readAmount('1234567.89', 'validation.rechargeAmountRequired')).toEqual({
      ok: true,
      cents: 123456789,
    });
    // A comma decimal separator (some mobile keyboards offer no dot)
    expect(readAmount('10,5', 'validation.rechargeAmountRequired')).toEqual({ ok: true, cents: 1050 });
  });

  it('refuse empty, fractional cents, zero, negative and non-numeric input with a clear message', () => {
    const key = (input: string) => {
      const reading = readAmount(input, 'validation.rechargeAmountRequired');
      return reading.ok ? null : reading.message.key;
    };
    expect(key('')).toBe('validation.rechargeAmountRequired');
    expect(key('   ')).toBe('validation.rechargeAmountRequired');
    expect(key('10.001')).toBe('validation.amountCents');
    expect(key('0')).toBe('validation.amountPositive');
    expect(key('0.00')).toBe('validation.amountPositive');
    expect(key('-5')).toBe('validation.amountInvalid');
    expect(key('abc')).toBe('validation.amountInvalid');
    expect(key('1e3')).toBe('validation.amountInvalid');
    expect(key('1,000')).toBe('validation.amountInvalid');
  });

  it('are written back into the input without separators, reading back to the same cents', () => {
    expect(toAmountInput(100050)).toBe('1000.50');
    expect(toAmountInput(7)).toBe('0.07');
    const reading = readAmount(toAmountInput(123456789), 'validation.withdrawAmountRequired');
    expect(reading).toEqual({ ok: true, cents: 123456789 });
  });
});

describe('offline top-up form', () => {
  const form = { amount: '10.50', depositorName: ' Li Wei ', receiptUploadId: null };

  it('requires the amount and the name of the recharger', () => {
    expect(shown(validateOfflineDeposit({ ...form, amount: '', depositorName: '' }, LIMITS))).toEqual({
      amount: 'Recharge amount cannot be empty',
      depositorName: 'Please enter the name of the recharger',
    });
  });

  it('refuses an amount below the minimum from the funding methods', () => {
    expect(shown(validateOfflineDeposit({ ...form, amount: '9.99' }, LIMITS))).toEqual({
      amount: 'Recharge amount cannot be less than $10.00',
    });
    expect(
      shown(validateOfflineDeposit({ ...form, amount: '4' }, { ...LIMITS, minimumDeposit: 500 })),
    ).toEqual({
      amount: 'Recharge amount cannot be less than $5.00',
    });
    expect(shown(validateOfflineDeposit({ ...form, amount: '1000001' }, LIMITS))).toEqual({
      amount: 'Recharge amount cannot be more than $1,000,000.00',
    });
  });

  it('wants the name of a person, written in letters, and says when it is too long', () => {
    for (const depositorName of ['😀', '12345', 'Li 😀']) {
      expect(shown(validateOfflineDeposit({ ...form, depositorName }, LIMITS)), depositorName).toEqual({
        depositorName: 'A name must be written in letters',
      });
    }
    expect(shown(validateOfflineDeposit({ ...form, depositorName: 'Li\u0000Wei' }, LIMITS))).toEqual({
      depositorName: 'This value contains characters that are not allowed',
    });
    expect(shown(validateOfflineDeposit({ ...form, depositorName: 'x'.repeat(65) }, LIMITS))).toEqual({
      depositorName: 'This value is too long',
    });
    for (const depositorName of ["O'Brien", 'Jean-Luc', '山田・太郎', 'Nguyễn Văn A']) {
      expect(validateOfflineDeposit({ ...form, depositorName }, LIMITS).ok, depositorName).toBe(true);
    }
  });

  it('yields the request in cents with the name trimmed', () => {
    expect(validateOfflineDeposit({ ...form, receiptUploadId: 'u-1' }, LIMITS)).toEqual({
      ok: true,
      value: { method: 'offline', amount: 1050, depositorName: 'Li Wei', receiptUploadId: 'u-1' },
    });
  });
});

describe('currency top-up form', () => {
  it('requires a network, an amount and a 64-hex transaction hash', () => {
    expect(shown(validateCryptoDeposit({ network: null, amount: '', txHash: '' }, LIMITS))).toEqual({
      network: 'Please choose a network',
      amount: 'Recharge amount cannot be empty',
      txHash: 'Please enter the transaction hash',
    });
    expect(
      shown(validateCryptoDeposit({ network: 'USDT-TRC20', amount: '20', txHash: 'abc' }, LIMITS)),
    ).toEqual({
      txHash: 'The transaction hash must be 64 hexadecimal characters',
    });
  });

  it('yields the request', () => {
    expect(
      validateCryptoDeposit({ network: 'USDT-ERC20', amount: '20', txHash: ` 0x${TX_HASH} ` }, LIMITS),
    ).toEqual({
      ok: true,
      value: { method: 'crypto', network: 'USDT-ERC20', amount: 2000, txHash: `0x${TX_HASH}` },
    });
  });
});

describe('card payment form', () => {
  it('requires an amount within the limits', () => {
    expect(shown(validateCardDeposit({ amount: '' }, LIMITS))).toEqual({
      amount: 'Recharge amount cannot be empty',
    });
    expect(shown(validateCardDeposit({ amount: '5' }, LIMITS))).toEqual({
      amount: 'Recharge amount cannot be less than $10.00',
    });
    expect(validateCardDeposit({ amount: '100' }, LIMITS)).toEqual({
      ok: true,
      value: { method: 'card', amount: 10000 },
    });
  });
});

describe('bind bank card form', () => {
  const card = { realName: '', bankName: 'HSBC', accountNumber: '6222 0212 3456 7890', payee: 'li  wei' };

  it('requires every value, and the real name when none is set yet', () => {
    expect(
      shown(validateBankCard({ realName: '', bankName: '', accountNumber: '', payee: '' }, null)),
    ).toEqual({
      realName: 'Real name required',
      bankName: 'Please enter the bank name',
      accountNumber: 'Please enter the account number',
      payee: 'Please enter the payee',
    });
  });

  it('wants names in letters: an emoji is no real name (set once, for good), payee or bank', () => {
    expect(shown(validateBankCard({ ...card, realName: '😀', payee: '😀' }, null))).toEqual({
      realName: 'A name must be written in letters',
      payee: 'A name must be written in letters',
    });
    expect(shown(validateBankCard({ ...card, bankName: '😀' }, 'Li Wei'))).toEqual({
      bankName: 'A name must be written in letters',
    });
    expect(shown(validateBankCard({ ...card, bankName: '中国银行 (HK) 2' }, 'Li Wei'))).toEqual({});
  });

  it('wants an account number of 8-30 digits', () => {
    expect(shown(validateBankCard({ ...card, accountNumber: '1234567' }, 'Li Wei'))).toEqual({
      accountNumber: 'The account number must be 8-30 digits',
    });
  });

  it('refuses a card that is not in the holder’s name', () => {
    expect(shown(validateBankCard({ ...card, payee: 'Someone Else' }, 'Li Wei'))).toEqual({
      payee: 'The card must belong to the account holder: the payee must be your real name',
    });
    expect(shown(validateBankCard({ ...card, realName: 'Li Wei', payee: 'Wang Fang' }, null))).toEqual({
      payee: 'The card must belong to the account holder: the payee must be your real name',
    });
  });

  it('yields the real name to set (only when none is set) and the card, digits only', () => {
    expect(validateBankCard(card, 'Li Wei')).toEqual({
      ok: true,
      value: {
        realName: null,
        card: { bankName: 'HSBC', accountNumber: '6222021234567890', payee: 'li  wei' },
      },
    });
    expect(validateBankCard({ ...card, realName: ' Li Wei ' }, null)).toMatchObject({
      ok: true,
      value: { realName: 'Li Wei' },
    });
  });
});

describe('add wallet form', () => {
  it('wants a wallet type chosen and an address', () => {
    expect(shown(validateWallet({ type: null, address: '' }))).toEqual({
      type: 'Please choose a wallet type',
      address: 'Please enter the wallet address',
    });
    expect(shown(validateWallet({ type: 'USDT-TRC20', address: '' }))).toEqual({
      address: 'Please enter the wallet address',
    });
  });

  it('checks the address for the chosen type', () => {
    const invalid = { address: 'This is not a valid address for the chosen wallet type' };
    expect(shown(validateWallet({ type: 'USDT-TRC20', address: ETH }))).toEqual(invalid);
    expect(shown(validateWallet({ type: 'USDT-ERC20', address: TRON }))).toEqual(invalid);
    // One character changed breaks the TRON checksum.
    expect(shown(validateWallet({ type: 'USDT-TRC20', address: `${TRON.slice(0, -1)}u` }))).toEqual(invalid);
    expect(validateWallet({ type: 'USDT-TRC20', address: ` ${TRON} ` })).toEqual({
      ok: true,
      value: { type: 'USDT-TRC20', address: TRON },
    });
    expect(validateWallet({ type: 'USDT-ERC20', address: ETH }).ok).toBe(true);
  });
});

describe('withdraw form', () => {
  const limits = { minimumWithdrawal: 2000, maximumWithdrawal: 5_000_000, withdrawable: 100050 };
  const form = {
    amount: '100',
    method: withdrawMethodValue('bank_card', CARD_ID),
    paymentPassword: '123456',
  };

  it('requires the amount, a withdraw method and the payment password', () => {
    expect(shown(validateWithdraw({ amount: '', method: null, paymentPassword: '' }, limits))).toEqual({
      amount: 'Please enter the withdrawal amount',
      method: 'Please choose a withdraw method',
      paymentPassword: 'Please enter the payment password',
    });
    expect(shown(validateWithdraw({ ...form, paymentPassword: '12345' }, limits))).toEqual({
      paymentPassword: 'Payment password must be 6 digits',
    });
  });

  it('keeps the amount within the limits and the withdrawable amount', () => {
    expect(shown(validateWithdraw({ ...form, amount: '19.99' }, limits))).toEqual({
      amount: 'Withdrawal amount cannot be less than $20.00',
    });
    expect(
      shown(validateWithdraw({ ...form, amount: '50000.01' }, { ...limits, withdrawable: 10_000_000 })),
    ).toEqual({
      amount: 'Withdrawal amount cannot be more than $50,000.00',
    });
    expect(shown(validateWithdraw({ ...form, amount: '1000.51' }, limits))).toEqual({
      amount: 'The amount exceeds your withdrawable amount of $1,000.50',
    });
  });

  it('yields the request: cents, the chosen card or wallet, the password', () => {
    expect(validateWithdraw({ ...form, amount: '1000.50' }, limits)).toEqual({
      ok: true,
      value: {
        amount: 100050,
        destinationType: 'bank_card',
        destinationId: CARD_ID,
        paymentPassword: '123456',
      },
    });
    expect(
      validateWithdraw({ ...form, method: withdrawMethodValue('wallet', CARD_ID) }, limits),
    ).toMatchObject({
      value: { destinationType: 'wallet', destinationId: CARD_ID },
    });
  });
});
