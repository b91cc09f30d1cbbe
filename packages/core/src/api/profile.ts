import { z } from "zod";
import { addressSchema, roleSchema } from "./common";
import { farmerStatusSchema } from "./farmers";
import { profileGameSchema } from "./profile-game";

/** The signed-in wallet's farmer record in short, null when it never registered. */
export const profileFarmerSchema = z
  .object({ id: z.uuid(), status: farmerStatusSchema, businessName: z.string() })
  .nullable();

/**
 * GET /api/user/profile. Each area contributes its own fields (identity here; the game adds xp, level, water, stats):
 * extend this object with the area's fields.
 */
export const userProfileSchema = z
  .object({
    address: addressSchema,
    roles: z.array(roleSchema),
    farmer: profileFarmerSchema,
  })
  .extend(profileGameSchema.shape)
  .meta({ id: "UserProfile" });
export type UserProfile = z.infer<typeof userProfileSchema>;
