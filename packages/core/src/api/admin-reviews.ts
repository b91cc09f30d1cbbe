import { z } from "zod";
import { addressSchema } from "./common";

/** One admin decision on a farmer registration, from the audit table: who, when, what and why. */
export const farmerReviewSchema = z
  .object({
    farmerId: z.uuid(),
    businessName: z.string(),
    adminAddress: addressSchema,
    action: z.enum(["approve", "reject"]),
    statusBefore: z.string(),
    statusAfter: z.string(),
    reason: z.string().nullable(),
    decidedAt: z.iso.datetime(),
  })
  .meta({ id: "FarmerReview" });
export type FarmerReviewEntry = z.infer<typeof farmerReviewSchema>;

export const farmerReviewsResponseSchema = z
  .object({ items: z.array(farmerReviewSchema) })
  .meta({ id: "FarmerReviews" });
export type FarmerReviewsResponse = z.infer<typeof farmerReviewsResponseSchema>;
