import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.string(), time: z.string() });
export type Health = z.infer<typeof HealthSchema>;
