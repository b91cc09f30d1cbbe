import { z } from "zod";
import { CROP_STAGES } from "../game/crop-stage";
import { addressSchema, baseUnitsSchema, tokenIdSchema } from "./common";
import { invoiceEvidenceBadgesSchema } from "./invoice-evidence";
import { invoiceStatusSchema } from "./invoices";
import { cropStateSchema } from "./states";

/** GOLD base units as a decimal integer string (18 decimals; never a float). */
const baseUnits = baseUnitsSchema;

export const cropStageSchema = z.enum(CROP_STAGES);

/** A crop id is the invoice's token id as a decimal string; the crop is the signed-in wallet's position in it. */
export const cropIdSchema = tokenIdSchema;

export const cropInvoiceSchema = z.object({
  tokenId: cropIdSchema,
  farmer: addressSchema,
  /** Target principal in base units. */
  amount: baseUnits,
  yieldBps: z.number().int(),
  tenorDays: z.number().int(),
  status: invoiceStatusSchema,
  fundingDeadline: z.iso.datetime(),
  fundedAt: z.iso.datetime().nullable(),
  maturity: z.iso.datetime().nullable(),
  invoiceNumber: z.string().nullable(),
  buyerName: z.string().nullable(),
  description: z.string().nullable(),
  /** What was checked before funding: badges only, never documents or personal data. */
  evidence: invoiceEvidenceBadgesSchema,
});

export const cropSchema = z
  .object({
    cropId: cropIdSchema,
    invoice: cropInvoiceSchema,
    /** Shares still held (1 share = 1 base unit of principal). */
    shares: baseUnits,
    /** Principal this wallet invested in the invoice. */
    invested: baseUnits,
    /** What this wallet already received from the invoice: harvests (principal, yield) and refunds. */
    received: z.object({ harvestedPrincipal: baseUnits, harvestedYield: baseUnits, refunded: baseUnits }),
    /** The state every screen tells: words, the one action and its amount (derived at the chain's clock). */
    state: cropStateSchema,
    /** The picture: the state's growth stage. */
    stage: cropStageSchema,
    /** Fraction of the term elapsed, 0..1, for display. */
    progress: z.number().min(0).max(1),
    daysToMaturity: z.number().int().min(0).nullable(),
    /** Whether the plant got its water on the current UTC day. */
    wateredToday: z.boolean(),
    lastWateredAt: z.iso.datetime().nullable(),
    canHarvest: z.boolean(),
    /** What harvesting the shares held now pays: principal + yield, exact base units. */
    expectedPayout: z.object({ principal: baseUnits, yield: baseUnits, total: baseUnits }),
  })
  .meta({ id: "Crop" });
export type Crop = z.infer<typeof cropSchema>;

export const cropsResponseSchema = z
  .object({
    crops: z.array(cropSchema),
    /** The chain's time (the latest block's timestamp) every stage and progress of this answer was derived at. */
    asOf: z.iso.datetime(),
  })
  .meta({ id: "Crops" });
export type CropsResponse = z.infer<typeof cropsResponseSchema>;

export const waterRequestSchema = z.object({ cropId: cropIdSchema }).meta({ id: "WaterRequest" });
export type WaterRequest = z.infer<typeof waterRequestSchema>;

export const waterResponseSchema = z
  .object({
    xpGained: z.number().int(),
    waterRemaining: z.number().int(),
    xp: z.number().int(),
    level: z.number().int(),
    leveledUp: z.boolean(),
    /** The daily watering streak after this watering (UTC days in a row). */
    streak: z.number().int().min(0),
    /** Achievements and daily quests this watering completed (empty on most waterings). */
    achievementsUnlocked: z.array(z.string()),
    questsCompleted: z.array(z.string()),
    /** Weekly chores this watering completed; xpGained counts their XP and the quests' (decision 0059). */
    choresCompleted: z.array(z.string()),
  })
  .meta({ id: "WaterResult" });
export type WaterResponse = z.infer<typeof waterResponseSchema>;
