import { z } from "zod";
import { VISIT_PLACES } from "../game/quests";
import { tokenIdSchema } from "./common";

/** POST /api/game/visits: the signed-in player opened a place of the app (once a day counts, per place and seed). */
export const visitRequestSchema = z
  .object({
    place: z.enum(VISIT_PLACES),
    /** The seed whose fact sheet was read (place "factsheet" only, required there). */
    tokenId: tokenIdSchema.optional(),
  })
  .strict()
  .refine((visit) => (visit.place === "factsheet") === (visit.tokenId !== undefined), {
    message: "tokenId is required for a fact sheet and not allowed for another place",
    path: ["tokenId"],
  })
  .meta({ id: "VisitRequest" });
export type VisitRequest = z.infer<typeof visitRequestSchema>;

export const visitResponseSchema = z
  .object({
    /** False when this visit was already counted today: nothing moved. */
    counted: z.boolean(),
    /** XP the quests and chores it completed gave (never money). */
    xpGained: z.number().int().min(0),
    questsCompleted: z.array(z.string()),
    choresCompleted: z.array(z.string()),
  })
  .meta({ id: "VisitResult" });
export type VisitResponse = z.infer<typeof visitResponseSchema>;
