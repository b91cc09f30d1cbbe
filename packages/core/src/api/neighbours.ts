import { z } from "zod";
import { COMMODITIES } from "../game/commodity";
import { CROP_STAGES } from "../game/crop-stage";
import { TEAM_MAX_MEMBERS } from "../game/neighbours";
import { plainTextSchema } from "./common";
import { placedDecorationSchema } from "./garden";

// Other players (issue 32, decision 0063): public gardens by an unguessable slug, helping a neighbour, neighbourhoods.
// Nothing here carries a wallet address, an amount or a date that could tell one.

/** A public garden's slug: 16 characters of base32 (80 random bits), never derived from the address. */
export const gardenSlugSchema = z.string().regex(/^[a-z2-7]{16}$/, "a garden link");

export const gardenSlugParamsSchema = z.object({ slug: gardenSlugSchema });

/** PUT /api/game/garden/visibility. */
export const gardenVisibilityRequestSchema = z
  .object({ public: z.boolean() })
  .strict()
  .meta({ id: "GardenVisibilityRequest" });

/** My garden's visibility: the slug once it was first made public (kept when made private again). */
export const gardenVisibilitySchema = z
  .object({ public: z.boolean(), slug: gardenSlugSchema.nullable() })
  .meta({ id: "GardenVisibility" });
export type GardenVisibility = z.infer<typeof gardenVisibilitySchema>;

/** A plant of a public garden: what grows and how far, nothing of the money or its dates. */
export const publicPlantSchema = z.object({
  commodity: z.enum([...COMMODITIES, "generic"]),
  stage: z.enum(CROP_STAGES),
});
export type PublicPlant = z.infer<typeof publicPlantSchema>;

/** Why the caller cannot help this garden now, or null when it can. */
export const helpBlockers = [
  "signed-out",
  "own-garden",
  "not-verified",
  "neighbour-not-verified",
  "helped-today",
  "no-helps-left",
] as const;
export const helpBlockerSchema = z.enum(helpBlockers);
export type HelpBlocker = z.infer<typeof helpBlockerSchema>;

/** GET /api/gardens/:slug: what a visitor may see of a public garden (no address, no amounts, no dates). */
export const publicGardenSchema = z
  .object({
    slug: gardenSlugSchema,
    /** The owner's display name; null when it chose none. */
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    level: z.number().int().min(1),
    plants: z.array(publicPlantSchema),
    /** The decorations and paths the owner placed (its saved layout). */
    decorations: z.array(placedDecorationSchema),
    /** Neighbours who helped this garden today (UTC). */
    helpsToday: z.number().int().min(0),
    help: z.object({ blocker: helpBlockerSchema.nullable(), helpsLeft: z.number().int().min(0) }),
  })
  .meta({ id: "PublicGarden" });
export type PublicGarden = z.infer<typeof publicGardenSchema>;

/** POST /api/gardens/:slug/help. */
export const helpResponseSchema = z
  .object({
    xpGained: z.number().int().min(0),
    /** Whether the neighbour earned XP too (it may have reached its daily cap of rewarded helps). */
    neighbourRewarded: z.boolean(),
    helpsLeft: z.number().int().min(0),
  })
  .meta({ id: "HelpResult" });
export type HelpResponse = z.infer<typeof helpResponseSchema>;

/** A neighbourhood's name: 3-30 characters, words of letters and digits joined by one space or one of ' _ . - */
export const teamNameSchema = plainTextSchema(3, 30).regex(
  /^[\p{L}\p{N}]+(?:[ '_.-][\p{L}\p{N}]+)*$/u,
  "letters and digits, words joined by one space or ' _ . -",
);

/** An invite code: 8 characters of base32, as the team's page shows it (any case accepted). */
export const teamInviteCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[a-z2-7]{8}$/, "an 8-character invite code"));

export const createTeamRequestSchema = z.object({ name: teamNameSchema }).strict().meta({ id: "CreateTeam" });
export const joinTeamRequestSchema = z
  .object({ code: teamInviteCodeSchema })
  .strict()
  .meta({ id: "JoinTeam" });

export const teamMemberSchema = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The member's public garden, null while it is private. */
  garden: gardenSlugSchema.nullable(),
  isMe: z.boolean(),
});

/** The team's event of an ISO week (UTC): waterings and helps given by its members toward the goal. */
export const teamWeekSchema = z.object({
  week: z.string(),
  endsAt: z.iso.datetime(),
  goal: z.number().int().min(1),
  points: z.number().int().min(0),
  reached: z.boolean(),
});

export const teamSchema = z
  .object({
    name: z.string(),
    inviteCode: z.string().regex(/^[a-z2-7]{8}$/),
    maxMembers: z.literal(TEAM_MAX_MEMBERS),
    members: z.array(teamMemberSchema),
    event: teamWeekSchema,
  })
  .meta({ id: "Team" });
export type Team = z.infer<typeof teamSchema>;

/** GET /api/teams/mine: my neighbourhood (null when none) and the weeks my teams reached their goal (kept forever). */
export const myTeamSchema = z
  .object({
    team: teamSchema.nullable(),
    ribbons: z.array(z.object({ week: z.string(), reward: z.string() })),
  })
  .meta({ id: "MyTeam" });
export type MyTeam = z.infer<typeof myTeamSchema>;
