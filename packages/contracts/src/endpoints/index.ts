/**
 * Every API endpoint, declared once (see ../endpoint.ts). One file per server module that serves them
 * (named after it); the server registers its routes from these groups and the clients call them by
 * reference (`call(depositEndpoints.create, …)`).
 */

export * from './accounts.ts';
export * from './admin-auth.ts';
export * from './admin-dashboard.ts';
export * from './admin-rooms.ts';
export * from './admin-users.ts';
export * from './app.ts';
export * from './assets.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './bank-cards.ts';
export * from './deposits.ts';
export * from './fairness.ts';
export * from './funding-settings.ts';
export * from './ledger.ts';
export * from './liabilities.ts';
export * from './market.ts';
export * from './notifications.ts';
export * from './play-limits.ts';
export * from './position-proofs.ts';
export * from './positions.ts';
export * from './referrals.ts';
export * from './rounds.ts';
export * from './support.ts';
export * from './uploads.ts';
export * from './wallets.ts';
export * from './withdrawals.ts';
