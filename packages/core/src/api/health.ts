import { z } from "zod";

export const dependencyStateSchema = z.enum(["up", "down", "disabled"]);

export const healthResponseSchema = z
  .object({
    status: z.enum(["ok", "degraded", "down"]),
    db: dependencyStateSchema,
    cache: dependencyStateSchema,
    storage: dependencyStateSchema,
    chain: z.object({
      chainId: z.number().int(),
      /** Latest block of the RPC, null when unreachable. */
      head: z.number().int().nullable(),
      /** Last block the indexer applied, null before it runs. */
      indexed: z.number().int().nullable(),
      /** Blocks the index is behind the head, null when either is unknown. */
      lag: z.number().int().nullable(),
    }),
  })
  .meta({ id: "Health" });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
