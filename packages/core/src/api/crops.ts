import { z } from "zod";

/** The investment transaction the investor app just sent; the backend verifies it on chain. */
export const cropSyncRequestSchema = z
  .object({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "a 0x-prefixed 32-byte transaction hash") })
  .meta({ id: "CropSyncRequest" });
export type CropSyncRequest = z.infer<typeof cropSyncRequestSchema>;
