/** The proof of liabilities from the operator's side: snapshots, "take one now", the reserves statement. */
import type { ReservesUpdateRequest } from '@tradehall/contracts';
import { liabilitiesEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

export const liabilitiesKey = ['admin', 'liabilities'] as const;

export const snapshotsQuery = {
  queryKey: [...liabilitiesKey, 'snapshots'],
  queryFn: () => call(liabilitiesEndpoints.adminHistory, { query: { limit: 50 } }),
};

/** The public overview: the key, the schedule and the stated reserves, as users see them. */
export const overviewQuery = {
  queryKey: [...liabilitiesKey, 'overview'],
  queryFn: () => call(liabilitiesEndpoints.overview),
};

/** Admin only; audited. */
export const takeSnapshot = () => call(liabilitiesEndpoints.adminTake);

/** Admin only, with a current two-factor code in the body (step-up); audited. */
export const stateReserves = (body: ReservesUpdateRequest) =>
  call(liabilitiesEndpoints.adminReserves, { body });
