import { z } from "zod";
import { MS_PER_DAY } from "../time";
import { addressSchema, baseUnitsSchema, tokenIdSchema } from "./common";

const baseUnits = baseUnitsSchema;

/** Statements are dated in Western Indonesian Time: a day runs from 00:00 to 24:00 at UTC+7 (decision 0055). */
export const WIB_OFFSET_MS = 7 * 3_600_000;
/** The longest statement one request may ask for: ten years of days. */
export const STATEMENT_MAX_DAYS = 3_660;

const wibDate = z.iso.date().meta({ example: "2027-01-31" });

/** The instant a WIB calendar day starts: "2027-01-31" -> 2027-01-30T17:00:00Z. */
export function wibDayStart(isoDay: string): Date {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) - WIB_OFFSET_MS);
}

/** An instant as WIB wall time, "2027-01-31 08:15:00". */
export function wibDateTime(at: Date): string {
  return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

export const statementQuerySchema = z
  .object({
    from: wibDate,
    to: wibDate,
    format: z.enum(["json", "csv"]).default("json"),
    /** investor: what the wallet held and earned; farmer: its invoices (funded, repaid, fees). */
    as: z.enum(["investor", "farmer"]).default("investor"),
    /** The PDF's words and number style. */
    lang: z.enum(["en", "id"]).default("en"),
  })
  .refine((query) => query.from <= query.to, { message: "from must not be after to", path: ["from"] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / MS_PER_DAY < STATEMENT_MAX_DAYS, {
    message: `at most ${STATEMENT_MAX_DAYS} days`,
    path: ["to"],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementEntryKindSchema = z.enum([
  "invested",
  "harvested",
  "refunded",
  "settlementClaim",
  "transferIn",
  "transferOut",
  /** Shares bought on the seed market: `principal` is the GOLD paid (the trade's cost). */
  "marketBuy",
  /** Shares sold on the seed market: `principal` is the GOLD received (cost less `fee`). */
  "marketSell",
  "funded",
  "repaid",
]);
export type StatementEntryKind = z.infer<typeof statementEntryKindSchema>;

export const statementEntrySchema = z.object({
  at: z.iso.datetime(),
  kind: statementEntryKindSchema,
  tokenId: tokenIdSchema,
  /** Shares moved (investor) or 0. */
  shares: baseUnits,
  /** Principal paid or received in GOLD base units. */
  principal: baseUnits,
  /** Yield received (investor, its share of any late fee included) or financing fee paid (farmer). */
  yield: baseUnits,
  /** Farmer: the late fee paid by this repayment (past the principal and the financing fee); investor: 0. */
  lateFee: baseUnits,
  /** marketSell: the platform fee taken from the trade's cost; 0 otherwise. */
  fee: baseUnits,
  txHash: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementPositionSchema = z.object({ tokenId: tokenIdSchema, shares: baseUnits });

export const statementSchema = z
  .object({
    as: z.enum(["investor", "farmer"]),
    address: addressSchema,
    from: wibDate,
    to: wibDate,
    /** Start of `from` and end of `to` in WIB, as instants. */
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
    /** Whole Rupiah per GOLD the Rupiah columns use; null: no rate configured, so no Rupiah. */
    rupiahPerGold: z.string().nullable(),
    /** Shares held at the start and at the end (investor); empty for a farmer. */
    opening: z.array(statementPositionSchema),
    closing: z.array(statementPositionSchema),
    entries: z.array(statementEntrySchema),
    totals: z.object({
      invested: baseUnits,
      harvestedPrincipal: baseUnits,
      yieldEarned: baseUnits,
      refunded: baseUnits,
      settlementPrincipal: baseUnits,
      transferredIn: baseUnits,
      transferredOut: baseUnits,
      /** Seed market: shares bought and sold, the GOLD paid and received (after fees) and the fees taken. */
      sharesBought: baseUnits,
      sharesSold: baseUnits,
      marketPaid: baseUnits,
      marketReceived: baseUnits,
      marketFees: baseUnits,
      /** Shares given up in settlement claims beyond the principal they paid. */
      principalLost: baseUnits,
      openingPrincipal: baseUnits,
      closingPrincipal: baseUnits,
      /** Farmer: principal received at funding, principal repaid, financing fees and late fees paid. */
      fundedPrincipal: baseUnits,
      repaidPrincipal: baseUnits,
      feesPaid: baseUnits,
      lateFeesPaid: baseUnits,
    }),
  })
  .meta({ id: "Statement" });
export type Statement = z.infer<typeof statementSchema>;
