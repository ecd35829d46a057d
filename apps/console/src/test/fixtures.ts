/** Answers shaped as the contract declares them (the console parses every answer against it). */
export const USER_ID = '0b8f3c1e-1111-4a6b-9c2d-000000000001';

export const DEPOSIT = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000d001',
  userId: USER_ID,
  account: 'alice',
  reference: 'D7K3Q9ZP',
  method: 'offline',
  amount: 123_456,
  status: 'pending',
  depositorName: 'Alice Tan',
  network: null,
  txHash: null,
  receiptUrl: null,
  checkoutUrl: null,
  rejectReason: null,
  createdAt: 1_700_000_000,
  decidedAt: null,
} as const;

export const WITHDRAWAL = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000e001',
  userId: USER_ID,
  account: 'alice',
  reference: 'W7K3Q9ZP',
  amount: 100_050,
  status: 'pending',
  destinationType: 'bank_card',
  destinationLabel: 'HSBC **** 7890',
  destinationDetail: 'HSBC 1234567890 Alice Tan',
  paymentReference: null,
  rejectReason: null,
  createdAt: 1_700_000_000,
  decidedAt: null,
} as const;

export const USER = {
  id: USER_ID,
  account: 'alice',
  nickname: 'Ally',
  email: 'alice@example.com',
  realName: 'Alice Tan',
  creditScore: 100,
  frozen: false,
  balance: 250_000,
  createdAt: 1_700_000_000,
};

export const USER_DETAIL = {
  user: USER,
  withdrawable: 200_000,
  ledger: [],
  positions: [],
  deposits: [],
  withdrawals: [],
  bankCards: [],
  wallets: [],
  sessions: [],
};

export const ROOM = {
  id: '0b8f3c1e-1111-4a6b-9c2d-00000000f001',
  tier: 'vip',
  entryMinimum: 100_000,
  stakeMinimum: 1_000,
  stakeMaximum: 500_000,
  roundSeconds: 60,
  sealedSeconds: 10,
  houseEdgeBps: 300,
  paused: false,
} as const;

export const FUNDING_SETTINGS = {
  bankAccounts: [{ id: 'bank-1', bankName: 'HSBC', accountNumber: '1234567890', payee: 'Tradehall Ltd' }],
  cryptoNetworks: [{ network: 'USDT-TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }],
  cardPaymentEnabled: true,
  cardProvider: { name: 'sandbox', testPayments: true },
} as const;
