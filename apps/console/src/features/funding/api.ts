/** Funding settings: where users send deposits (receiving bank accounts, crypto addresses), card payment. */
import type { FundingSettingsResponse, FundingSettingsUpdateRequest } from '@tradehall/contracts';
import { fundingSettingsEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../lib/api.ts';

export type FundingSettings = FundingSettingsResponse;
export type FundingSettingsUpdate = FundingSettingsUpdateRequest;

export const fundingSettingsKey = ['admin', 'funding-settings'] as const;

export const fundingSettingsQuery = {
  queryKey: fundingSettingsKey,
  queryFn: () => call(fundingSettingsEndpoints.adminGet),
};

/** Admin only, with a current two-factor code in the body (step-up). */
export const updateFundingSettings = (body: FundingSettingsUpdate) =>
  call(fundingSettingsEndpoints.adminUpdate, { body });
