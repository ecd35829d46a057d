/** An uploaded image (a deposit's receipt): where it is served and what it is. */
import { z } from 'zod';
import { idField } from './common.ts';

export const uploadResponseSchema = z.object({
  id: idField,
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
