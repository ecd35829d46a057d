import { beforeAll, describe, expect, it } from 'vitest';
import { readAmount, toAmountInput } from '../../lib/amount.ts';
import { initI18n } from '../../lib/i18n.ts';
import { request, shown } from '../../test/form-schemas.ts';
import {
  bankCardSchema,
  cardRechargeSchema,
  cryptoRechargeSchema,
  offlineRechargeSchema,
  walletSchema,
  withdrawMethodValue,
  withdrawSchema,
} from './forms.ts';

const LIMITS = { minimumDeposit: 1000, maximumDeposit: 100_000_000 };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX_HASH = 'a'.repeat(64);
const CARD_ID = '0b8f3c1e-1111-4a6b-9c2d-000000000001';
/** An uploaded receipt's id, as the upload answered (the contract wants an id). */
const RECEIPT_ID = '0b8f3c1e-1111-4a6b-9c2d-0000000000e1';

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

describe('offline recharge form', () => {
  const form = { amount: '10.50', depositorName: ' Li Wei ', receiptUploadId: null };

  it('requires the amount and the name of the recharger', () => {
    expect(shown(offlineRechargeSchema(LIMITS), { ...form, amount: '', depositorName: '' })).toEqual({
      amount: 'Recharge amount cannot be empty',
      depositorName: 'Please enter the name of the recharger',
    });
  });

  it('refuses an amount below the minimum from the funding methods', () => {
    expect(shown(offlineRechargeSchema(LIMITS), { ...form, amount: '9.99' })).toEqual({
      amount: 'Recharge amount cannot be less than $10.00',
    });
    expect(
      shown(offlineRechargeSchema({ ...LIMITS, minimumDeposit: 500 }), { ...form, amount: '4' }),
    ).toEqual({
      amount: 'Recharge amount cannot be less than $5.00',
    });
    expect(shown(offlineRechargeSchema(LIMITS), { ...form, amount: '1000001' })).toEqual({
      amount: 'Recharge amount cannot be more than $1,000,000.00',
    });
  });

  it('wants the name of a person, written in letters, and says when it is too long', () => {
    for (const depositorName of ['😀', '12345', 'Li 😀']) {
      expect(shown(offlineRechargeSchema(LIMITS), { ...form, depositorName }), depositorName).toEqual({
        depositorName: 'A name must be written in letters',
      });
    }
    expect(shown(offlineRechargeSchema(LIMITS), { ...form, depositorName: 'Li\u0000Wei' })).toEqual({
      depositorName: 'This value contains characters that are not allowed',
    });
    expect(shown(offlineRechargeSchema(LIMITS), { ...form, depositorName: 'x'.repeat(65) })).toEqual({
      depositorName: 'This value is too long',
    });
    for (const depositorName of ["O'Brien", 'Jean-Luc', '山田・太郎', 'Nguyễn Văn A']) {
      expect(shown(offlineRechargeSchema(LIMITS), { ...form, depositorName }), depositorName).toEqual({});
    }
  });

  it('yields the request in cents with the name trimmed', () => {
    expect(request(offlineRechargeSchema(LIMITS), { ...form, receiptUploadId: RECEIPT_ID })).toEqual({
      method: 'offline',
      amount: 1050,
      depositorName: 'Li Wei',
      receiptUploadId: RECEIPT_ID,
    });
  });
});

describe('currency recharge form', () => {
  it('requires a network, an amount and a 64-hex transaction hash', () => {
    expect(shown(cryptoRechargeSchema(LIMITS), { network: null, amount: '', txHash: '' })).toEqual({
      network: 'Please choose a network',
      amount: 'Recharge amount cannot be empty',
      txHash: 'Please enter the transaction hash',
    });
    expect(
      shown(cryptoRechargeSchema(LIMITS), { network: 'USDT-TRC20', amount: '20', txHash: 'abc' }),
    ).toEqual({
      txHash: 'The transaction hash must be 64 hexadecimal characters',
    });
  });

  it('yields the request', () => {
    expect(
      request(cryptoRechargeSchema(LIMITS), {
        network: 'USDT-ERC20',
        amount: '20',
        txHash: ` 0x${TX_HASH} `,
      }),
    ).toEqual({ method: 'crypto', network: 'USDT-ERC20', amount: 2000, txHash: `0x${TX_HASH}` });
  });
});

describe('card payment form', () => {
  it('requires an amount within the limits', () => {
    expect(shown(cardRechargeSchema(LIMITS), { amount: '' })).toEqual({
      amount: 'Recharge amount cannot be empty',
    });
    expect(shown(cardRechargeSchema(LIMITS), { amount: '5' })).toEqual({
      amount: 'Recharge amount cannot be less than $10.00',
    });
    expect(request(cardRechargeSchema(LIMITS), { amount: '100' })).toEqual({ method: 'card', amount: 10000 });
  });
});

describe('bind bank card form', () => {
  const card = { realName: '', bankName: 'HSBC', accountNumber: '6222 0212 3456 7890', payee: 'li  wei' };

  it('requires every value, and the real name when none is set yet', () => {
    expect(shown(bankCardSchema(null), { realName: '', bankName: '', accountNumber: '', payee: '' })).toEqual(
      {
        realName: 'Real name required',
        bankName: 'Please enter the bank name',
        accountNumber: 'Please enter the account number',
        payee: 'Please enter the payee',
      },
    );
  });

  it('wants names in letters: an emoji is no real name (set once, for good), payee or bank', () => {
    expect(shown(bankCardSchema(null), { ...card, realName: '😀', payee: '😀' })).toEqual({
      realName: 'A name must be written in letters',
      payee: 'A name must be written in letters',
    });
    expect(shown(bankCardSchema('Li Wei'), { ...card, bankName: '😀' })).toEqual({
      bankName: 'A name must be written in letters',
    });
    expect(shown(bankCardSchema('Li Wei'), { ...card, bankName: '中国银行 (HK) 2' })).toEqual({});
  });

  it('wants an account number of 8-30 digits', () => {
    expect(shown(bankCardSchema('Li Wei'), { ...card, accountNumber: '1234567' })).toEqual({
      accountNumber: 'The account number must be 8-30 digits',
    });
  });

  it('refuses a card that is not in the holder’s name', () => {
    expect(shown(bankCardSchema('Li Wei'), { ...card, payee: 'Someone Else' })).toEqual({
      payee: 'The card must belong to the account holder: the payee must be your real name',
    });
    expect(shown(bankCardSchema(null), { ...card, realName: 'Li Wei', payee: 'Wang Fang' })).toEqual({
      payee: 'The card must belong to the account holder: the payee must be your real name',
    });
  });

  it('yields the real name to set (only when none is set) and the card, digits only', () => {
    expect(request(bankCardSchema('Li Wei'), card)).toEqual({
      realName: null,
      bankName: 'HSBC',
      accountNumber: '6222021234567890',
      payee: 'li  wei',
    });
    expect(request(bankCardSchema(null), { ...card, realName: ' Li Wei ' })).toMatchObject({
      realName: 'Li Wei',
    });
  });
});

describe('add wallet form', () => {
  it('wants a wallet type chosen and an address', () => {
    expect(shown(walletSchema, { type: null, address: '' })).toEqual({
      type: 'Please choose a wallet type',
      address: 'Please enter the wallet address',
    });
    expect(shown(walletSchema, { type: 'USDT-TRC20', address: '' })).toEqual({
      address: 'Please enter the wallet address',
    });
  });

  it('checks the address for the chosen type', () => {
    const invalid = { address: 'This is not a valid address for the chosen wallet type' };
    expect(shown(walletSchema, { type: 'USDT-TRC20', address: ETH })).toEqual(invalid);
    expect(shown(walletSchema, { type: 'USDT-ERC20', address: TRON })).toEqual(invalid);
    // One character changed breaks the TRON checksum.
    expect(shown(walletSchema, { type: 'USDT-TRC20', address: `${TRON.slice(0, -1)}u` })).toEqual(invalid);
    expect(request(walletSchema, { type: 'USDT-TRC20', address: ` ${TRON} ` })).toEqual({
      type: 'USDT-TRC20',
      address: TRON,
    });
    expect(shown(walletSchema, { type: 'USDT-ERC20', address: ETH })).toEqual({});
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
    expect(shown(withdrawSchema(limits), { amount: '', method: null, paymentPassword: '' })).toEqual({
      amount: 'Please enter the withdrawal amount',
      method: 'Please choose a withdraw method',
      paymentPassword: 'Please enter the payment password',
    });
    expect(shown(withdrawSchema(limits), { ...form, paymentPassword: '12345' })).toEqual({
      paymentPassword: 'Payment password must be 6 digits',
    });
  });

  it('keeps the amount within the limits and the withdrawable amount', () => {
    expect(shown(withdrawSchema(limits), { ...form, amount: '19.99' })).toEqual({
      amount: 'Withdrawal amount cannot be less than $20.00',
    });
    expect(
      shown(withdrawSchema({ ...limits, withdrawable: 10_000_000 }), { ...form, amount: '50000.01' }),
    ).toEqual({
      amount: 'Withdrawal amount cannot be more than $50,000.00',
    });
    expect(shown(withdrawSchema(limits), { ...form, amount: '1000.51' })).toEqual({
      amount: 'The amount exceeds your withdrawable amount of $1,000.50',
    });
  });

  it('yields the request: cents, the chosen card or wallet, the password', () => {
    expect(request(withdrawSchema(limits), { ...form, amount: '1000.50' })).toEqual({
      amount: 100050,
      destinationType: 'bank_card',
      destinationId: CARD_ID,
      paymentPassword: '123456',
    });
    expect(
      request(withdrawSchema(limits), { ...form, method: withdrawMethodValue('wallet', CARD_ID) }),
    ).toMatchObject({ destinationType: 'wallet', destinationId: CARD_ID });
  });
});
