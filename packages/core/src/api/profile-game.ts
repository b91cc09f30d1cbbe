import { z } from "zod";
import { baseUnitsSchema } from "./common";

const baseUnits = baseUnitsSchema;

/** Avatars a player can pick; the apps draw them from these ids. */
export const AVATARS = [
  "farmer",
  "sprout",
  "sunflower",
  "tractor",
  "chicken",
  "cow",
  "bee",
  "scarecrow",
] as const;
export const avatarSchema = z.enum(AVATARS);
export type Avatar = z.infer<typeof avatarSchema>;

export const displayNameSchema = z.string().regex(/^[A-Za-z0-9_-]{3,20}$/, "3 to 20 letters, digits, _ or -");

/** The game's part of GET /api/user/profile. */
export const profileGameSchema = z.object({
  displayName: z.string().nullable(),
  avatar: avatarSchema.nullable(),
  xp: z.number().int(),
  level: z.number().int(),
  /** Total XP at which the next level is reached. */
  nextLevelXp: z.number().int(),
  water: z.number().int(),
  waterMax: z.number().int(),
  waterRefillsAt: z.iso.datetime(),
  stats: z.object({
    invested: baseUnits,
    harvested: baseUnits,
    yieldEarned: baseUnits,
    activeCrops: z.number().int(),
    harvestedCrops: z.number().int(),
  }),
});
export type ProfileGame = z.infer<typeof profileGameSchema>;

/** PATCH /api/user/profile: either field may be sent alone; null clears it. */
export const profileUpdateSchema = z
  .object({
    displayName: displayNameSchema.nullable().optional(),
    avatar: avatarSchema.nullable().optional(),
  })
  .strict()
  .refine((body) => body.displayName !== undefined || body.avatar !== undefined, "send displayName or avatar")
  .meta({ id: "ProfileUpdate" });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
