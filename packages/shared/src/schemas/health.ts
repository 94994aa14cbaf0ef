import { z } from 'zod';

/**
 * GET /health and /health/live (liveness: the process answers) and /health/ready (readiness:
 * the database answers, its migrations are all applied and the process is not draining; 503
 * otherwise, `draining` once a SIGTERM has come; decision 0048).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: z.string().optional(),
  /** Readiness only: `pending` when the database lacks migrations this process knows. */
  migrations: z.enum(['done', 'pending']).optional(),
});
export type Health = z.infer<typeof healthSchema>;
