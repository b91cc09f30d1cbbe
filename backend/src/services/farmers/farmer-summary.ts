import type { FarmerStatus } from "@farm/core";
import { eq } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { farmers } from "../../db/schema";

export interface FarmerSummary {
  id: string;
  status: FarmerStatus;
  businessName: string;
}

/** The wallet's farmer record in short, or null when the wallet never registered. */
export async function findFarmerSummary(db: Executor, walletAddress: string): Promise<FarmerSummary | null> {
  const [row] = await db
    .select({ id: farmers.id, status: farmers.status, businessName: farmers.businessName })
    .from(farmers)
    .where(eq(farmers.walletAddress, walletAddress))
    .limit(1);
  return row ? { ...row, status: row.status as FarmerStatus } : null;
}
