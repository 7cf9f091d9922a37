import { z } from './zod';

/** 'draining': the process is shutting down (SIGTERM); a load balancer should stop sending to it. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'draining']),
  database: z.string(),
  time: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** GET /health/live: the process runs and answers; it asks nothing of the database. */
export const LivenessSchema = z.object({ status: z.literal('ok'), time: z.string() });
export type Liveness = z.infer<typeof LivenessSchema>;

/** The checks GET /health/ready runs, each 'ok' or why not (docs/operations.md, Health). */
export const READINESS_CHECKS = ['database', 'migrations', 'draining', 'mail'] as const;
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.string(),
  time: z.string(),
  checks: z.record(z.enum(READINESS_CHECKS), z.string()),
  /** The checks that failed, in the order above: empty when ready. */
  failed: z.array(z.enum(READINESS_CHECKS)),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
