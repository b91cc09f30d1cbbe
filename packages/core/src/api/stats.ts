import { z } from "zod";
import { baseUnitsSchema } from "./common";

const baseUnits = baseUnitsSchema;

/** Platform figures for landing pages, computed from the chain index. */
export const statsResponseSchema = z
  .object({
    /** Invoices tokenised so far. */
    invoicesSubmitted: z.number().int(),
    /** Invoices that reached their funding target. */
    invoicesFinanced: z.number().int(),
    /** Invoices open for investment now. */
    invoicesOpen: z.number().int(),
    /** GOLD lent: the principal of every invoice that was funded, all time (not refunds or seeds still filling). */
    goldFunded: baseUnits,
    /** GOLD repaid by farmers and buyers, all time. */
    goldRepaid: baseUnits,
    /** Yield paid out at harvest, all time. */
    yieldPaid: baseUnits,
    /** Wallets holding shares of at least one invoice now. */
    activeInvestors: z.number().int(),
    /** Last block the figures include. */
    indexedBlock: z.number().int().nullable(),
  })
  .meta({ id: "Stats" });
export type StatsResponse = z.infer<typeof statsResponseSchema>;
