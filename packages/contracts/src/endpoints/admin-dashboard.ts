/** The operators' dashboard: the queues, today's figures and the ledger's health at a glance. */
import { dashboardSchema } from '../admin-dashboard.ts';
import { endpoint } from '../endpoint.ts';

export const adminDashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/admin/dashboard',
    access: 'operator',
    tags: ['admin'],
    summary: 'Pending deposits and withdrawals, today’s volume, active users, house result, ledger status',
    status: 200,
    response: dashboardSchema,
    errors: [],
  }),
} as const;
