/** Strings of the console frame: menu, header, error and not-found views. */
export const shellStrings = {
  brand: 'Tradehall Console',
  logout: 'Log out',
  account: 'My account',
  retry: 'Retry',
  notFound: 'This page does not exist',
  backHome: 'Back to the dashboard',
  testPayments: 'Test payments',
  testPaymentsHelp:
    'Card payments go through the sandbox gateway: they move no real money (PAYMENT_PROVIDER=sandbox).',
  menu: {
    dashboard: 'Dashboard',
    deposits: 'Deposits',
    withdrawals: 'Withdrawals',
    users: 'Users',
    rooms: 'Rooms',
    rounds: 'Rounds & fairness',
    notifications: 'Notifications',
    support: 'Customer service',
    funding: 'Funding settings',
    ledger: 'Ledger',
    audit: 'Audit log',
    operators: 'Operators',
  },
} as const;
