/** Funding settings: where users send deposits (receiving bank accounts, crypto addresses), card payment. */
import {
  type FundingSettingsResponse,
  type FundingSettingsUpdateRequest,
  fundingSettingsResponseSchema,
} from '@tradehall/contracts';
import { request } from '../../lib/api.ts';

export type FundingSettings = FundingSettingsResponse;
export type FundingSettingsUpdate = FundingSettingsUpdateRequest;

export const fundingSettingsKey = ['admin', 'funding-settings'] as const;

export const fundingSettingsQuery = {
  queryKey: fundingSettingsKey,
  queryFn: () => request('/admin/funding/methods', fundingSettingsResponseSchema),
};

/** Admin only, with a current two-factor code in the body (step-up). */
export const updateFundingSettings = (body: FundingSettingsUpdate) =>
  request('/admin/funding/methods', fundingSettingsResponseSchema, { method: 'PUT', body });
