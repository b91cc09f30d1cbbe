import type { DocumentKind } from "@farm/core";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { farmerDocuments, farmers } from "../../db/schema";
import type { FarmerDocumentRow, FarmerRow } from "./farmer-view";

export async function findFarmerById(db: Executor, id: string): Promise<FarmerRow | null> {
  const [row] = await db.select().from(farmers).where(eq(farmers.id, id));
  return row ?? null;
}

export async function findFarmerByWallet(db: Executor, walletAddress: string): Promise<FarmerRow | null> {
  const [row] = await db.select().from(farmers).where(eq(farmers.walletAddress, walletAddress));
  return row ?? null;
}

export async function listDocuments(db: Executor, farmerId: string): Promise<FarmerDocumentRow[]> {
  return db.select().from(farmerDocuments).where(eq(farmerDocuments.farmerId, farmerId));
}

export async function findDocument(
  db: Executor,
  farmerId: string,
  kind: DocumentKind,
): Promise<FarmerDocumentRow | null> {
  const [row] = await db
    .select()
    .from(farmerDocuments)
    .where(and(eq(farmerDocuments.farmerId, farmerId), eq(farmerDocuments.kind, kind)));
  return row ?? null;
}
