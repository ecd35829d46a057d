/** The system notification texts: every language has every key, with the same placeholders, filled. */
import { LOCALES } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEMPLATES, renderTemplate } from './notification-templates.ts';

const flatten = (value: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object'
        ? Object.entries(flatten(inner, `${prefix}${key}.`))
        : [[`${prefix}${key}`, inner]],
    ),
  );

const placeholders = (text: unknown): string[] =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();

describe('notification templates', () => {
  const english = flatten(NOTIFICATION_TEMPLATES.en);

  it.each(LOCALES)('%s has exactly the English keys and placeholders, none empty', (locale) => {
    const entries = flatten(NOTIFICATION_TEMPLATES[locale]);
    expect(Object.keys(entries).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(entries)) {
      expect(typeof value === 'string' && value.trim().length > 0, `${locale}:${key}`).toBe(true);
      expect(placeholders(value), `${locale}:${key}`).toEqual(placeholders(english[key]));
    }
  });

  it('is a real translation, not English copied', () => {
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      expect(NOTIFICATION_TEMPLATES[locale].deposit_approved.content).not.toBe(
        NOTIFICATION_TEMPLATES.en.deposit_approved.content,
      );
    }
  });

  it('fills params: cents as money, text as given, a missing reason as a dash', () => {
    expect(
      renderTemplate('en', 'deposit_rejected', { reference: 'D7K3Q9ZP', amount: 1_050, reason: null }),
    ).toEqual({
      title: 'Recharge rejected',
      content: 'Your recharge D7K3Q9ZP of $10.50 was rejected. Reason: -',
    });
    expect(
      renderTemplate('kr', 'withdrawal_rejected', {
        reference: 'W1',
        amount: 200,
        reason: '<b>name mismatch</b>',
      }).content,
    ).toBe('출금 W1($2.00)이(가) 거절되어 금액이 잔액으로 반환되었습니다. 사유: <b>name mismatch</b>');
    expect(
      renderTemplate('en', 'round_settled', {
        issue: '202601010001',
        digits: '1 + 2 + 3',
        sum: 6,
        stake: 1_500,
        payout: 0,
      }).content,
    ).toBe('Round 202601010001 settled: 1 + 2 + 3 = 6. You staked $15.00 and received $0.00.');
  });
});
