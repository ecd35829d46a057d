import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  version: z.string(),
  uptimeSeconds: z.number().int(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Readiness: `ready` takes traffic; `starting` and `draining` answer 503 so a load balancer looks elsewhere. */
export const readinessResponseSchema = z.object({
  status: z.enum(['starting', 'ready', 'draining']),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const appVersionResponseSchema = z.object({
  version: z.string(),
  code: z.number().int(),
  content: z.string(),
  downloadUrl: z.string().nullable(),
});
export type AppVersionResponse = z.infer<typeof appVersionResponseSchema>;
