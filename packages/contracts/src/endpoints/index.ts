/**
 * Every API endpoint, declared once (see ../endpoint.ts). Grouped by module; the server registers its
 * routes from these groups and the clients call them by reference (`call(depositEndpoints.create, …)`).
 */

export * from './account.ts';
export * from './admin-auth.ts';
export * from './app.ts';
export * from './auth.ts';
export * from './deposits.ts';
