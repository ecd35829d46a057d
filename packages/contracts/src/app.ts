import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  version: z.string(),
  uptimeSeconds: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const appVersionResponseSchema = z.object({
  version: z.string(),
  code: z.number().int(),
  content: z.string(),
  downloadUrl: z.string().nullable(),
});
export type AppVersionResponse = z.infer<typeof appVersionResponseSchema>;
