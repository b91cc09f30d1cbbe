import type { FarmerStatus } from "@farm/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { preparedStatement } from "../../adapters/db/prepared";

export interface FarmerSummary {
  id: string;
  status: FarmerStatus;
  businessName: string;
}

/**
 * Prepared: every identity the cache does not hold reads it (decision 0069: a farmer's every 30 s, an investor's every
 * five minutes).
 */
const summaryStatement = preparedStatement<
  { walletAddress: string },
  { id: string; status: string; business_name: string }
>(
  "farm_farmer_summary_v1",
  ({ walletAddress }) =>
    sql`select id, status, business_name from farmers where wallet_address = ${walletAddress}::text limit 1`,
);

/** The wallet's farmer record in short, or null when the wallet never registered. */
export async function findFarmerSummary(db: Executor, walletAddress: string): Promise<FarmerSummary | null> {
  const [row] = await summaryStatement(db, { walletAddress });
  return row ? { id: row.id, status: row.status as FarmerStatus, businessName: row.business_name } : null;
}
