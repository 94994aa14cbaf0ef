import { z } from 'zod';

/** GET /health (liveness) and /health/ready (the database answers; 503 when it does not). */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() });
export type Health = z.infer<typeof healthSchema>;
