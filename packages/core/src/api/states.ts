import { z } from "zod";
import { CROP_STATES, RECOVERY_STATES } from "../states/crop-state";
import { INVOICE_STATES } from "../states/invoice-state";
import { baseUnitsSchema } from "./common";

const baseUnits = baseUnitsSchema;

export const invoiceStateNameSchema = z.enum(INVOICE_STATES);

/** An invoice's state at the chain's clock (`deriveInvoiceState`) and the one action its farmer and the admin have. */
export const invoiceStateSchema = z
  .object({
    name: invoiceStateNameSchema,
    farmerAction: z.enum(["repay"]).nullable(),
    adminAction: z.enum(["review", "markDefaulted", "settleDefault"]).nullable(),
    /** Overdue only: from when the admin may mark the default (maturity + grace). */
    defaultableFrom: z.iso.datetime().nullable(),
    /** Defaulted only: from when the admin may settle (the recovery window's end, fixed on chain at the default). */
    settleableFrom: z.iso.datetime().nullable(),
  })
  .meta({ id: "InvoiceState" });
export type InvoiceStateDto = z.infer<typeof invoiceStateSchema>;

/** A crop's state at the chain's clock (`deriveCropState`): its words, its one action and the amount that goes with it. */
export const cropStateSchema = z
  .object({
    name: z.enum(CROP_STATES),
    invoice: invoiceStateNameSchema,
    recovery: z.enum(RECOVERY_STATES).nullable(),
    action: z.enum(["harvest", "claimRecovery", "refund"]).nullable(),
    /** The refund first closes the lapsed funding (cancelExpired), in the same flow. */
    closeFirst: z.boolean(),
    amount: z.object({ principal: baseUnits, yield: baseUnits, total: baseUnits }),
    amountKind: z.enum(["atMaturity", "now", "paid", "recoveredSoFar"]),
    group: z.enum(["growing", "attention", "closed"]),
    daysToHarvest: z.number().int().min(1).nullable(),
    withersAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "CropState" });
export type CropStateDto = z.infer<typeof cropStateSchema>;

/**
 * A farmer's record from the index: invoices fully repaid, repaid by maturity, defaulted (settled or not), and those
 * unpaid past maturity now (the repayment record's rules): within their grace days, or past grace and not declared.
 */
export const farmerTrackRecordSchema = z
  .object({
    repaid: z.number().int().min(0),
    onTime: z.number().int().min(0),
    defaulted: z.number().int().min(0),
    inGrace: z.number().int().min(0),
    overdue: z.number().int().min(0),
  })
  .meta({ id: "FarmerTrackRecord" });
export type FarmerTrackRecord = z.infer<typeof farmerTrackRecordSchema>;
