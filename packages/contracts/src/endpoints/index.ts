/**
 * Every API endpoint, declared once (see ../endpoint.ts). Grouped by module; the server registers its
 * routes from these groups and the clients call them by reference (`call(depositEndpoints.create, …)`).
 */

export * from './account.ts';
export * from './admin-auth.ts';
export * from './admin-rooms.ts';
export * from './admin-users.ts';
export * from './app.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './dashboard.ts';
export * from './deposits.ts';
export * from './funding.ts';
export * from './notifications.ts';
export * from './support.ts';
export * from './trading.ts';
