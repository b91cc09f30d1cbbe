import { randomBytes } from "node:crypto";
import type { InvoiceStatusName } from "@farm/core";
import { MS_PER_DAY, ONE_GOLD, utcDay } from "@farm/core";
import { sql } from "drizzle-orm";
import type { Database } from "../src/adapters/db/database";
import { chainHarvests, chainInvestments, chainInvoices, chainPositions } from "../src/db/schema";

let nextTokenId = 1n;
const fakeHash = () => `0x${randomBytes(32).toString("hex")}`;

export interface SeededCrop {
  tokenId: bigint;
  cropId: string;
}

export interface CropSeed {
  holder: string;
  status?: InvoiceStatusName;
  shares?: bigint;
  /** Days since funding (negative: not funded yet). */
  fundedDaysAgo?: number;
  tenorDays?: number;
  yieldBps?: number;
  harvested?: boolean;
}

/**
 * Writes one invoice and the holder's position into the chain index tables, as the indexer would after the holder
 * invested; the game only reads these rows.
 */
export async function seedCrop(db: Database, seed: CropSeed, now = new Date()): Promise<SeededCrop> {
  const tokenId = nextTokenId++;
  const shares = seed.shares ?? 100n * ONE_GOLD;
  const tenorDays = seed.tenorDays ?? 30;
  const fundedDaysAgo = seed.fundedDaysAgo ?? 5;
  const funded = fundedDaysAgo >= 0;
  const fundedAt = funded ? new Date(now.getTime() - fundedDaysAgo * MS_PER_DAY) : null;
  const maturity = fundedAt ? new Date(fundedAt.getTime() + tenorDays * MS_PER_DAY) : null;
  const yieldBps = seed.yieldBps ?? 1000;
  await db.insert(chainInvoices).values({
    tokenId,
    farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    amount: shares,
    funded: funded ? shares : 0n,
    repaid: 0n,
    yieldBps,
    tenorDays,
    fundingDeadline: new Date(now.getTime() + 7 * MS_PER_DAY),
    fundedAt,
    maturity,
    status: seed.status ?? (funded ? "funded" : "approved"),
    referenceHash: fakeHash(),
    recovered: 0n,
    graceDays: funded ? 30 : null,
    submittedBlock: 1,
    updatedBlock: 1,
    updatedLogIndex: 0,
  });
  const txHash = fakeHash();
  await db.insert(chainInvestments).values({
    id: `${txHash}:0`,
    tokenId,
    investor: seed.holder,
    amount: shares,
    blockNumber: 1,
    blockTime: fundedAt ?? now,
    txHash,
    logIndex: 0,
  });
  await db
    .insert(chainPositions)
    .values({ tokenId, holder: seed.holder, shares: seed.harvested ? 0n : shares });
  if (seed.harvested) {
    const harvestTx = fakeHash();
    await db.insert(chainHarvests).values({
      id: `${harvestTx}:0`,
      tokenId,
      holder: seed.holder,
      shares,
      principal: shares,
      yield: (shares * BigInt(yieldBps)) / 10_000n,
      blockNumber: 2,
      blockTime: now,
      txHash: harvestTx,
    });
  }
  return { tokenId, cropId: tokenId.toString() };
}

/** Sets a player's stored state directly (e.g. an almost empty tank), creating the row if needed. */
export async function setPlayer(
  db: Database,
  address: string,
  state: { xp?: number; level?: number; water?: number; waterDay?: number },
): Promise<void> {
  const today = utcDay(new Date());
  await db.execute(sql`
    insert into players (address, xp, level, water, water_day)
    values (${address}, ${state.xp ?? 0}, ${state.level ?? 1}, ${state.water ?? 100}, ${state.waterDay ?? today})
    on conflict (address) do update set xp = excluded.xp, level = excluded.level, water = excluded.water,
      water_day = excluded.water_day`);
}

export async function readPlayer(db: Database, address: string) {
  const result = (await db.execute(
    sql`select xp, level, water, water_day from players where address = ${address}`,
  )) as unknown as { rows: { xp: number; level: number; water: number; water_day: number }[] };
  return result.rows[0];
}
