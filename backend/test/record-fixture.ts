import { ONE_GOLD } from "@farm/core";
import { getAddress } from "viem";
import type { Database } from "../src/adapters/db/database";
import { chainInvoices, chainRepayments, farmers, invoices } from "../src/db/schema";
import { farmerRow } from "./chain-app";

const DAY = 86_400_000;
/** The chain time the hand-computed figures are read at. */
export const RECORD_NOW = new Date("2027-06-01T00:00:00Z");
export const farmerA = getAddress("0x00000000000000000000000000000000000000a1");
export const farmerB = getAddress("0x00000000000000000000000000000000000000b2");
export const farmerC = getAddress("0x00000000000000000000000000000000000000c3");
export const farmerD = getAddress("0x00000000000000000000000000000000000000d4");

interface SeedInvoice {
  tokenId: number;
  farmer: string;
  amount: bigint;
  status: "approved" | "funded" | "repaid" | "defaulted" | "settled";
  /** Days from RECORD_NOW to maturity (negative: in the past); null when not funded. */
  maturityDays: number | null;
  repaid?: bigint;
  /** Milliseconds after maturity of the repayment that completed it. */
  repaidAfterMs?: number;
  recovered?: bigint;
  buyerName: string;
  buyerDecision?: "confirmed";
  buyerEmailDomain?: string;
}

const gold = (n: number) => BigInt(n) * ONE_GOLD;

/**
 * A history whose record is computed by hand in disclosures-record.test.ts: repaid on time, 3 days late, in grace,
 * exactly 90 days past maturity, 91 days past with a recovery, settled with a loss, current, not funded, and a farmer
 * whose only invoice is repaid. The buyer "Sumber Rejeki" confirmed from sumber.co.id at two farmers is one entity.
 */
export const recordHistory: SeedInvoice[] = [
  {
    tokenId: 1,
    farmer: farmerA,
    amount: gold(1000),
    status: "repaid",
    maturityDays: -60,
    repaid: gold(1100),
    repaidAfterMs: -DAY,
    buyerName: "PT. Sumber Rejeki",
    buyerDecision: "confirmed",
    buyerEmailDomain: "sumber.co.id",
  },
  {
    tokenId: 2,
    farmer: farmerA,
    amount: gold(500),
    status: "repaid",
    maturityDays: -40,
    repaid: gold(550),
    repaidAfterMs: 2 * DAY + 3_600_000,
    buyerName: "CV Maju",
    buyerDecision: "confirmed",
    buyerEmailDomain: "gmail.com",
  },
  {
    tokenId: 3,
    farmer: farmerA,
    amount: gold(400),
    status: "funded",
    maturityDays: -10,
    repaid: gold(100),
    buyerName: "CV. Maju",
  },
  {
    tokenId: 4,
    farmer: farmerB,
    amount: gold(800),
    status: "defaulted",
    maturityDays: -90,
    buyerName: "Sumber Rejeki, Tbk",
    buyerDecision: "confirmed",
    buyerEmailDomain: "sumber.co.id",
  },
  {
    tokenId: 5,
    farmer: farmerB,
    amount: gold(600),
    status: "defaulted",
    maturityDays: -91,
    repaid: gold(200),
    buyerName: "Sumber Rejeki",
  },
  {
    tokenId: 6,
    farmer: farmerB,
    amount: gold(1000),
    status: "settled",
    maturityDays: -200,
    repaid: gold(700),
    recovered: gold(700),
    buyerName: "Maju",
    buyerDecision: "confirmed",
    buyerEmailDomain: "gmail.com",
  },
  {
    tokenId: 7,
    farmer: farmerA,
    amount: gold(2000),
    status: "funded",
    maturityDays: 20,
    buyerName: "PT Sumber Rejeki",
  },
  {
    tokenId: 8,
    farmer: farmerC,
    amount: gold(300),
    status: "approved",
    maturityDays: null,
    buyerName: "Toko Baru Jaya",
  },
  {
    tokenId: 9,
    farmer: farmerD,
    amount: gold(100),
    status: "repaid",
    maturityDays: -5,
    repaid: gold(110),
    repaidAfterMs: -2 * DAY,
    buyerName: "Toko Lama",
  },
];

/** One indexed invoice as the records read it: funded `maturity - 30 days` when it has a maturity, grace 30 days. */
export interface IndexedInvoice {
  tokenId: number;
  farmer: string;
  amount: bigint;
  status: SeedInvoice["status"] | "cancelled";
  maturity: Date | null;
  /** Invested so far; the whole amount when funded, else 0. */
  funded?: bigint;
  repaid?: bigint;
  recovered?: bigint;
  /** 30 unless given. */
  graceDays?: number;
}

export const referenceOf = (tokenId: number) => `0x${tokenId.toString(16).padStart(64, "0")}`;

export async function insertIndexedInvoice(db: Database, invoice: IndexedInvoice): Promise<void> {
  const { maturity } = invoice;
  await db.insert(chainInvoices).values({
    tokenId: BigInt(invoice.tokenId),
    farmer: invoice.farmer,
    amount: invoice.amount,
    funded: invoice.funded ?? (maturity ? invoice.amount : 0n),
    repaid: invoice.repaid ?? 0n,
    yieldBps: 1000,
    tenorDays: 30,
    fundingDeadline: new Date(RECORD_NOW.getTime() - 400 * DAY),
    fundedAt: maturity ? new Date(maturity.getTime() - 30 * DAY) : null,
    maturity,
    status: invoice.status,
    referenceHash: referenceOf(invoice.tokenId),
    recovered: invoice.recovered ?? 0n,
    graceDays: maturity ? (invoice.graceDays ?? 30) : null,
    submittedBlock: 1,
    updatedBlock: 1,
    updatedLogIndex: 0,
  });
}

async function seedFarmer(db: Database, walletAddress: string): Promise<string> {
  const [row] = await db
    .insert(farmers)
    .values({ ...farmerRow(walletAddress), businessName: `Tani ${walletAddress.slice(-2)}` })
    .returning({ id: farmers.id });
  if (!row) throw new Error("farmer insert returned nothing");
  return row.id;
}

export async function seedRecordHistory(db: Database): Promise<void> {
  const farmerIds = new Map<string, string>();
  for (const address of [farmerA, farmerB, farmerC, farmerD])
    farmerIds.set(address, await seedFarmer(db, address));
  for (const seed of recordHistory) {
    const maturity =
      seed.maturityDays === null ? null : new Date(RECORD_NOW.getTime() + seed.maturityDays * DAY);
    const reference = referenceOf(seed.tokenId);
    await insertIndexedInvoice(db, { ...seed, maturity });
    if (maturity && seed.repaidAfterMs !== undefined)
      await db.insert(chainRepayments).values({
        id: `${reference}:0`,
        tokenId: BigInt(seed.tokenId),
        payer: seed.farmer,
        amount: seed.repaid ?? 0n,
        totalRepaid: seed.repaid ?? 0n,
        fullyRepaid: true,
        blockNumber: 2,
        blockTime: new Date(maturity.getTime() + seed.repaidAfterMs),
        txHash: reference,
      });
    await db.insert(invoices).values({
      tokenId: BigInt(seed.tokenId),
      farmerId: farmerIds.get(seed.farmer) ?? "",
      farmerAddress: seed.farmer,
      invoiceNumber: `INV-${seed.tokenId}`,
      buyerName: seed.buyerName,
      description: "Gabah kering giling",
      dueDate: "2027-01-01",
      referenceHash: reference,
      submissionState: "submitted",
      buyerDecision: seed.buyerDecision ?? null,
      buyerEmailDomain: seed.buyerEmailDomain ?? null,
    });
  }
}
