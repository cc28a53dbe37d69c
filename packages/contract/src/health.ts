import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;

/**
 * Readiness: whether this instance should be sent traffic. The database, the job queue (`idle`:
 * not started on this instance yet, nothing to ask) and Redis when the change feed uses it.
 */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'down']),
  jobQueue: z.enum(['ok', 'idle', 'down']),
  redis: z.enum(['ok', 'down']).optional(),
  version: z.string(),
});
export type TReadiness = z.infer<typeof ZReadiness>;
