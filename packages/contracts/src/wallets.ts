/** USDT wallet addresses a user withdraws to, on the networks of WALLET_TYPES. */
import { WALLET_TYPES } from '@tradehall/domain';
import { z } from 'zod';
import { idField, unixSeconds, validText } from './common.ts';

export const walletTypeSchema = z.enum(WALLET_TYPES, { message: 'validation.walletTypeRequired' });

export const createWalletRequestSchema = z.strictObject({
  type: walletTypeSchema,
  address: validText(
    z.string({ message: 'validation.walletAddressRequired' }).max(120, { message: 'validation.tooLong' }),
  ),
});
export type CreateWalletRequest = z.infer<typeof createWalletRequestSchema>;

export const walletSchema = z.object({
  id: idField,
  type: walletTypeSchema,
  address: z.string(),
  maskedAddress: z.string(),
  createdAt: unixSeconds,
});
export type WalletView = z.infer<typeof walletSchema>;
export const walletListSchema = z.object({ items: z.array(walletSchema) });
