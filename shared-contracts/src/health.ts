import { z } from './zod';

/** 'draining': the process is shutting down (SIGTERM); a load balancer should stop sending to it. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'draining']),
  database: z.string(),
  time: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;
