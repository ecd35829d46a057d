/**
 * Every API endpoint, declared once (see ../endpoint.ts). Grouped by module; the server registers its
 * routes from these groups and the clients call them by reference (`call(depositEndpoints.create, …)`).
 */
export * from './deposits.ts';
export * from './funding.ts';
