import { z } from "zod";
import { addressSchema, baseUnitsSchema, tokenIdSchema } from "./common";

const baseUnits = baseUnitsSchema;

/**
 * A repayment record (platform, farmer or buyer) computed from the chain index at the chain's clock. Rates are in
 * basis points and null unless `standing` is "measured": a record with nothing outstanding or no history has no rate.
 */
export const repaymentRecordSchema = z
  .object({
    standing: z.enum(["noRecord", "nothingOutstanding", "measured"]),
    /** 100 % minus TWP90, basis points. */
    tkb90Bps: z.number().int().min(0).max(10_000).nullable(),
    /** Outstanding principal more than 90 days past maturity / all outstanding principal, basis points (rounded up). */
    twp90Bps: z.number().int().min(0).max(10_000).nullable(),
    /**
     * Principal not yet repaid of funded and defaulted invoices, and the unrecovered principal of settled defaults
     * until `SETTLED_LOSS_WINDOW_DAYS` (365) past maturity (decision 0070).
     */
    outstanding: baseUnits,
    /** The part of `outstanding` more than 90 days past maturity. */
    outstandingOver90: baseUnits,
    /** Invoices that reached their target, ever. */
    financed: z.number().int().min(0),
    /** Funded, not yet at maturity. */
    current: z.number().int().min(0),
    repaidOnTime: z.number().int().min(0),
    repaidLate: z.number().int().min(0),
    /** Days after maturity of the latest late repayment among them, and their sum (for an average). */
    repaidLateMaxDays: z.number().int().min(0),
    repaidLateTotalDays: z.number().int().min(0),
    /** Past maturity, unpaid, within the invoice's grace days. */
    inGrace: z.number().int().min(0),
    /** Past maturity and grace, not yet declared defaulted. */
    overdue: z.number().int().min(0),
    /** Declared defaulted, settled or not. */
    defaulted: z.number().int().min(0),
    settled: z.number().int().min(0),
    defaultedPrincipal: baseUnits,
    /** Principal and fee paid on defaulted invoices (before and after the default). */
    recoveredPrincipal: baseUnits,
    recoveredFee: baseUnits,
    /** Principal of settled defaults never recovered: the holders' loss. */
    lostPrincipal: baseUnits,
    /** The chain time the record was computed at. */
    asOf: z.iso.datetime(),
  })
  .meta({ id: "RepaymentRecord" });
export type RepaymentRecord = z.infer<typeof repaymentRecordSchema>;

/** GET /api/record: the platform's record with the figures a licensed platform shows on its home page. */
export const platformRecordSchema = z
  .object({
    record: repaymentRecordSchema,
    /** GOLD lent, all time: the principal of invoices that reached their target (never cancelled and refunded). */
    totalFunded: baseUnits,
    /** Wallets that invested in an invoice that reached its target. */
    lenders: z.number().int().min(0),
    /** Farmers with at least one funded invoice. */
    borrowers: z.number().int().min(0),
  })
  .meta({ id: "PlatformRecord" });
export type PlatformRecord = z.infer<typeof platformRecordSchema>;

/** A buyer recognised across farmers (decision 0054): id is an opaque key, stable while its name and domain are. */
export const buyerIdSchema = z.string().regex(/^[0-9a-f]{32}$/, "a buyer id");
export const buyerParamsSchema = z.object({ buyerId: buyerIdSchema });

export const buyerRecordSchema = z
  .object({
    buyerId: buyerIdSchema,
    name: z.string(),
    /** The e-mail domain the buyer confirmed invoices from; null when recognised only within one farmer's invoices. */
    verifiedDomain: z.string().nullable(),
    /** Farmers whose invoices this buyer owes or owed. */
    farmers: z.number().int().min(0),
    record: repaymentRecordSchema,
  })
  .meta({ id: "BuyerRecord" });
export type BuyerRecord = z.infer<typeof buyerRecordSchema>;

/** GET /api/invoices/:tokenId/disclosure: what the fact sheet adds to the invoice. */
export const invoiceDisclosureSchema = z
  .object({
    tokenId: tokenIdSchema,
    farmer: addressSchema,
    farmerRecord: repaymentRecordSchema,
    /** Null for an invoice without metadata. */
    buyer: buyerRecordSchema.nullable(),
    platform: repaymentRecordSchema,
  })
  .meta({ id: "InvoiceDisclosure" });
export type InvoiceDisclosure = z.infer<typeof invoiceDisclosureSchema>;

/** How many months the platform's volume chart covers, the current one included. */
export const VOLUME_MONTHS = 12;

/** One month (WIB) of the platform's volume: GOLD funded into invoices and GOLD repaid by farmers. */
export const volumeMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  funded: baseUnits,
  repaid: baseUnits,
});
export type VolumeMonth = z.infer<typeof volumeMonthSchema>;

/** The platform's funded and repaid volume by month, oldest first, every month present (zero when quiet). */
export const platformVolumeSchema = z
  .object({ asOf: z.iso.datetime(), months: z.array(volumeMonthSchema) })
  .meta({ id: "PlatformVolume" });
export type PlatformVolume = z.infer<typeof platformVolumeSchema>;
