export const dashboardStrings = {
  title: 'Dashboard',
  refresh: 'Refresh',
  pendingDeposits: 'Pending deposits',
  pendingWithdrawals: 'Pending withdrawals',
  todayVolume: "Today's volume (stakes)",
  activeUsers: 'Active users today',
  houseProfit: 'House P&L today',
  ledger: 'Ledger invariant',
  ledgerOk: 'Balanced',
  ledgerBroken: 'Out of balance — see Ledger',
  checkedAt: 'Checked at',
  openQueue: 'Open the queue',
} as const;
