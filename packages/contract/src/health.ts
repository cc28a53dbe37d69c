import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
});
export type THealth = z.infer<typeof ZHealth>;
