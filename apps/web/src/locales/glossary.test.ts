/**
 * docs/glossary.md, enforced: for each concept, the strings that name it use the glossary's term in every
 * locale, across the app's own catalogue, the shared message catalogue and the notification templates.
 * A settled round and a paid withdrawal must never read the same.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOCALES, type Locale } from '@tradehall/domain';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const SOURCES = {
  web: 'apps/web/src/locales',
  shared: 'packages/contracts/src/i18n',
  notice: 'apps/server/src/modules/notifications/templates',
} as const;
type Source = keyof typeof SOURCES;

const flatten = (value: unknown, prefix: string): [string, string][] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => flatten(inner, `${prefix}${key}.`))
    : [[prefix.slice(0, -1), String(value)]];

/** Every string of a locale, keyed "web:trading.status.settled", "shared:errors.X", "notice:x.title". */
function strings(locale: Locale): Map<string, string> {
  const all = new Map<string, string>();
  for (const [source, dir] of Object.entries(SOURCES) as [Source, string][]) {
    const parsed: unknown = JSON.parse(readFileSync(resolve(root, dir, `${locale}.json`), 'utf8'));
    for (const [key, value] of flatten(parsed, `${source}:`)) all.set(key, value);
  }
  return all;
}

const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, strings(locale)])) as Record<
  Locale,
  Map<string, string>
>;

function text(locale: Locale, key: string): string {
  const value = catalogues[locale].get(key);
  if (value === undefined) throw new Error(`${locale}: no string ${key}`);
  return value;
}

const lower = (value: string) => value.toLocaleLowerCase();

type Terms = Record<Locale, string>;

/** The glossary's terms (docs/glossary.md), as the stem each string naming the concept must contain. */
const TERMS = {
  settle: {
    en: 'settl',
    'zh-cn': '结算',
    'zh-hk': '結算',
    jp: '精算',
    kr: '정산',
    th: 'สรุปผล',
    vi: 'kết toán',
    ydn: 'diselesaikan',
  },
  pay: {
    en: 'paid',
    'zh-cn': '付款',
    'zh-hk': '付款',
    jp: '支払',
    kr: '지급',
    th: 'จ่าย',
    vi: 'chi trả',
    ydn: 'dibayarkan',
  },
  recharge: {
    en: 'recharg',
    'zh-cn': '充值',
    'zh-hk': '充值',
    jp: '入金',
    kr: '충전',
    th: 'เติมเงิน',
    vi: 'nạp',
    ydn: 'isi saldo',
  },
  crypto: {
    en: 'currency',
    'zh-cn': '货币',
    'zh-hk': '貨幣',
    jp: '暗号資産',
    kr: '암호화폐',
    th: 'สกุลเงินดิจิทัล',
    vi: 'tiền điện tử',
    ydn: 'kripto',
  },
  hash: {
    en: 'hash',
    'zh-cn': '哈希',
    'zh-hk': '哈希',
    jp: 'ハッシュ',
    kr: '해시',
    th: 'แฮช',
    vi: 'mã băm',
    ydn: 'hash',
  },
  withdrawal: {
    en: 'withdraw',
    'zh-cn': '提现',
    'zh-hk': '提現',
    jp: '出金',
    kr: '출금',
    th: 'ถอน',
    vi: 'rút',
    ydn: 'penarikan',
  },
  balance: {
    en: 'balance',
    'zh-cn': '余额',
    'zh-hk': '餘額',
    jp: '残高',
    kr: '잔액',
    th: 'ยอดเงินคงเหลือ',
    vi: 'số dư',
    ydn: 'saldo',
  },
  invitationCode: {
    en: 'invitation code',
    'zh-cn': '邀请码',
    'zh-hk': '邀請碼',
    jp: '招待コード',
    kr: '초대 코드',
    th: 'รหัสเชิญ',
    vi: 'mã mời',
    ydn: 'kode undangan',
  },
  paymentPassword: {
    en: 'payment password',
    'zh-cn': '支付密码',
    'zh-hk': '支付密碼',
    jp: '支払いパスワード',
    kr: '결제 비밀번호',
    th: 'รหัสผ่านการชำระเงิน',
    vi: 'mật khẩu thanh toán',
    ydn: 'kata sandi pembayaran',
  },
} satisfies Record<string, Terms>;

/** The strings that name each concept. */
const USES: Record<keyof typeof TERMS, string[]> = {
  settle: [
    'web:trading.status.settled',
    'web:trading.statusMessage.settled',
    'web:trading.hall.intro',
    'web:trading.round.waitingNext',
    'web:trading.rules.lifecycle.settled',
    'web:trading.rules.steps.settle',
    'web:trading.records.settledAt',
    'web:trading.records.notSettled',
    'web:market.noProfit',
    'web:notifications.settings.round_resultHint',
    'notice:round_settled.content',
  ],
  pay: [
    'web:withdraw.status.paid',
    'web:records.ledger.withdrawal_paid',
    'notice:withdrawal_paid.title',
    'notice:withdrawal_paid.content',
  ],
  recharge: [
    'web:titles.rechargeOffline',
    'web:titles.rechargeCurrency',
    'web:titles.rechargeTopUp',
    'web:titles.rechargeBankCard',
    'web:titles.rechargeRecords',
    'web:account.menu.rechargeRecords',
    'web:account.topUp',
    'web:topUp.currency',
    'web:topUp.offline',
    'web:topUp.records',
    'web:deposit.amount',
    'web:deposit.submitted',
    'web:deposit.toRecords',
    'web:records.ledger.deposit',
    'web:trading.room.topUp',
    'shared:errors.DEPOSIT_BELOW_MINIMUM',
    'shared:errors.DEPOSIT_ABOVE_MAXIMUM',
    'shared:validation.rechargeAmountRequired',
    'notice:deposit_approved.title',
    'notice:deposit_rejected.title',
  ],
  crypto: [
    'web:titles.rechargeCurrency',
    'web:topUp.currency',
    'web:deposit.methods.crypto',
    'web:deposit.noNetworks',
  ],
  hash: [
    'web:trading.hash',
    'web:trading.previousHash',
    'web:deposit.txHash',
    'web:records.txHash',
    'shared:errors.TX_HASH_USED',
    'shared:validation.txHashRequired',
    'shared:validation.txHashInvalid',
  ],
  withdrawal: [
    'web:titles.withdraw',
    'web:titles.withdrawRecords',
    'web:account.menu.withdrawRecords',
    'web:withdraw.records',
    'shared:errors.WITHDRAWAL_BELOW_MINIMUM',
    'notice:withdrawal_paid.title',
    'notice:withdrawal_rejected.title',
  ],
  balance: [
    'web:account.balance',
    'web:withdraw.balance',
    'web:assets.balance',
    'web:trading.round.balance',
    'web:topUp.balance',
    'shared:errors.INSUFFICIENT_FUNDS',
  ],
  invitationCode: [
    'web:auth.invitationCode',
    'web:auth.invitationCodePlaceholder',
    'shared:validation.invitationCodeRequired',
    'shared:errors.INVITATION_CODE_UNKNOWN',
  ],
  paymentPassword: [
    'web:titles.paymentPassword',
    'web:account.menu.securityPassword',
    'web:password.paymentEntry',
    'web:password.paymentPassword',
    'web:withdraw.password',
    'shared:validation.paymentPasswordRequired',
    'shared:errors.PAYMENT_PASSWORD_WRONG',
  ],
};

/** Names the glossary fixes exactly: the room tiers and the positions, as the spec names them. */
const NAMES: Record<string, Terms> = {
  'web:trading.tiers.normal': {
    en: 'Normal room',
    'zh-cn': '普通房',
    'zh-hk': '普通房',
    jp: '一般ルーム',
    kr: '일반 방',
    th: 'ห้องธรรมดา',
    vi: 'Phòng thường',
    ydn: 'Ruang biasa',
  },
  'web:trading.tiers.vip': {
    en: 'VIP room',
    'zh-cn': 'VIP房',
    'zh-hk': 'VIP房',
    jp: 'VIPルーム',
    kr: 'VIP 방',
    th: 'ห้อง VIP',
    vi: 'Phòng VIP',
    ydn: 'Ruang VIP',
  },
  'web:trading.tiers.advanced': {
    en: 'Advanced room',
    'zh-cn': '高级房',
    'zh-hk': '高級房',
    jp: '上級ルーム',
    kr: '고급 방',
    th: 'ห้องขั้นสูง',
    vi: 'Phòng cao cấp',
    ydn: 'Ruang lanjutan',
  },
  'web:trading.tiers.premier': {
    en: 'Supreme room',
    'zh-cn': '至尊房',
    'zh-hk': '至尊房',
    jp: '至尊ルーム',
    kr: '지존 방',
    th: 'ห้องสุพรีม',
    vi: 'Phòng chí tôn',
    ydn: 'Ruang tertinggi',
  },
  'web:trading.categories.both_sides': {
    en: 'Both sides',
    'zh-cn': '两面',
    'zh-hk': '兩面',
    jp: '両面',
    kr: '양면',
    th: 'สองด้าน',
    vi: 'Hai mặt',
    ydn: 'Dua sisi',
  },
  'web:trading.categories.special_number': {
    en: 'Special number',
    'zh-cn': '特码',
    'zh-hk': '特碼',
    jp: '特別番号',
    kr: '특별 번호',
    th: 'เลขพิเศษ',
    vi: 'Số đặc biệt',
    ydn: 'Angka khusus',
  },
  'web:trading.bets.long': {
    en: 'Long',
    'zh-cn': '多',
    'zh-hk': '多',
    jp: 'ロング',
    kr: '롱',
    th: 'ขึ้น',
    vi: 'Tăng',
    ydn: 'Naik',
  },
  'web:trading.bets.short': {
    en: 'Short',
    'zh-cn': '空',
    'zh-hk': '空',
    jp: 'ショート',
    kr: '숏',
    th: 'ลง',
    vi: 'Giảm',
    ydn: 'Turun',
  },
  'web:trading.bets.single': {
    en: 'Single',
    'zh-cn': '单',
    'zh-hk': '單',
    jp: '奇数',
    kr: '홀',
    th: 'คี่',
    vi: 'Lẻ',
    ydn: 'Ganjil',
  },
  'web:trading.bets.double': {
    en: 'Double',
    'zh-cn': '双',
    'zh-hk': '雙',
    jp: '偶数',
    kr: '짝',
    th: 'คู่',
    vi: 'Chẵn',
    ydn: 'Genap',
  },
};

/** Strings that explain the positions must use the same names as the position buttons. */
const POSITION_TEXTS = ['web:trading.rules.steps.bet', 'web:market.frequencies'];
const POSITION_NAMES = [
  'web:trading.bets.long',
  'web:trading.bets.short',
  'web:trading.bets.single',
  'web:trading.bets.double',
];

/**
 * English picks "recharge" (the spec's own labels: "Recharge records", "Offline recharge", "Currency
 * recharge", "Recharge amount cannot be empty"). The one place the spec says "Top-up" is the tab bar,
 * so the tab and the page it opens keep it.
 */
const EN_TOP_UP_SPEC_LABELS = ['web:tabs.recharge', 'web:titles.recharge'];
/** "Deposit address" is the crypto term for where to send coins, not a second word for a recharge. */
const DEPOSIT_ADDRESS = ['web:deposit.depositAddress', 'web:deposit.copyAddress'];

/** Words the glossary retired, per locale, that no string may use (with the keys allowed to). */
const RETIRED: { locale: Locale; pattern: RegExp; except: string[] }[] = [
  { locale: 'en', pattern: /top[\s-]?ups?\b/i, except: EN_TOP_UP_SPEC_LABELS },
  { locale: 'en', pattern: /\bdeposit/i, except: DEPOSIT_ADDRESS },
  { locale: 'en', pattern: /security password/i, except: [] },
  { locale: 'zh-cn', pattern: /安全密码|杂凑|雜湊|哈希值/, except: [] },
  { locale: 'zh-hk', pattern: /安全密碼|雜湊|哈希值/, except: [] },
  { locale: 'jp', pattern: /セキュリティパスワード|通貨入金/, except: [] },
  { locale: 'kr', pattern: /보안 비밀번호|(?<!암호)화폐/, except: [] },
  { locale: 'th', pattern: /ยอดคงเหลือ|รหัสผ่านความปลอดภัย/, except: [] },
  { locale: 'vi', pattern: /\bhash\b|mật khẩu bảo mật|quyết toán/i, except: [] },
  { locale: 'ydn', pattern: /isi ulang|\bdeposit\b|\bronde\b|kata sandi keamanan/i, except: DEPOSIT_ADDRESS },
];

describe('glossary', () => {
  it.each(LOCALES)('%s: a settled round and a paid withdrawal never read the same', (locale) => {
    const settled = text(locale, 'web:trading.status.settled');
    const paid = text(locale, 'web:withdraw.status.paid');
    expect(lower(settled)).not.toBe(lower(paid));
    expect(lower(settled)).toContain(lower(TERMS.settle[locale]));
    expect(lower(settled)).not.toContain(lower(TERMS.pay[locale]));
    expect(lower(paid)).toContain(lower(TERMS.pay[locale]));
    expect(lower(paid)).not.toContain(lower(TERMS.settle[locale]));
  });

  it('keeps the settle and pay terms apart in every locale', () => {
    for (const locale of LOCALES) {
      expect(lower(TERMS.settle[locale])).not.toContain(lower(TERMS.pay[locale]));
      expect(lower(TERMS.pay[locale])).not.toContain(lower(TERMS.settle[locale]));
    }
  });

  it.each(LOCALES)('%s: every string naming a concept uses the glossary term', (locale) => {
    const misses: string[] = [];
    for (const [concept, keys] of Object.entries(USES) as [keyof typeof TERMS, string[]][]) {
      const term = lower(TERMS[concept][locale]);
      for (const key of keys) {
        if (locale === 'en' && EN_TOP_UP_SPEC_LABELS.includes(key)) continue;
        if (!lower(text(locale, key)).includes(term)) misses.push(`${concept} "${term}" missing in ${key}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it.each(LOCALES)('%s: room tiers and positions have exactly the glossary names', (locale) => {
    for (const [key, names] of Object.entries(NAMES)) expect(text(locale, key), key).toBe(names[locale]);
    for (const textKey of POSITION_TEXTS) {
      for (const nameKey of POSITION_NAMES) {
        expect(lower(text(locale, textKey)), `${textKey} names ${nameKey}`).toContain(
          lower(text(locale, nameKey)),
        );
      }
    }
    const steps = lower(text(locale, 'web:trading.rules.steps.bet'));
    expect(steps).toContain(lower(text(locale, 'web:trading.categories.both_sides')));
    expect(steps).toContain(lower(text(locale, 'web:trading.categories.special_number')));
  });

  it.each(LOCALES)('%s: no string uses a retired word', (locale) => {
    const offenders: string[] = [];
    for (const rule of RETIRED.filter((candidate) => candidate.locale === locale)) {
      for (const [key, value] of catalogues[locale]) {
        if (rule.pattern.test(value) && !rule.except.includes(key)) offenders.push(`${key}: ${value}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the spec labels English keeps', () => {
    expect(text('en', 'web:tabs.recharge')).toBe('Top-up');
    expect(text('en', 'web:titles.rechargeRecords')).toBe('Recharge records');
    expect(text('en', 'web:topUp.offline')).toBe('Offline recharge');
    expect(text('en', 'web:topUp.currency')).toBe('Currency recharge');
    expect(text('en', 'shared:validation.rechargeAmountRequired')).toBe('Recharge amount cannot be empty');
    expect(text('en', 'shared:validation.depositorNameRequired')).toBe(
      'Please enter the name of the recharger',
    );
  });
});
