import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chainHarvests,
  chainInvestments,
  chainRefunds,
  farmers,
  invoiceDocuments,
  invoices,
} from "../src/db/schema";
import { farmerRow } from "./chain-app";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

// GET /api/crops reads each figure from the right rows: the wallet's own beside other holders', the crop's own
// invoice's documents and buyer answer (the list's statement gathers them per wallet and per crop).
describe.each(testBackends)("GET /api/crops figures on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  it("sums only this wallet's investments, harvests and refunds of a crop, beside other holders' rows", async () => {
    const { address: me, cookie } = await signedInPlayer(t);
    const { address: other } = await signedInPlayer(t);
    // A repaid crop both harvested, and a cancelled one both were refunded: each in two rows for me.
    const repaid = await seedCrop(t.app.db, {
      holder: me,
      status: "repaid",
      shares: 30n,
      fundedDaysAgo: 31,
    });
    const cancelled = await seedCrop(t.app.db, { holder: me, status: "cancelled", shares: 40n });
    const chainRow = (tokenId: bigint, holder: string, n: number) => ({
      id: `0x${tokenId.toString(16).padStart(8, "0")}${holder.slice(2, 10)}${n}:0`,
      tokenId,
      holder,
      blockNumber: 3,
      blockTime: new Date(),
      txHash: `0x${"ab".repeat(32)}`,
    });
    await t.app.db.insert(chainInvestments).values([
      { ...chainRow(repaid.tokenId, me, 1), investor: me, amount: 70n, logIndex: 1 },
      { ...chainRow(repaid.tokenId, other, 1), investor: other, amount: 500n, logIndex: 2 },
    ]);
    await t.app.db.insert(chainHarvests).values([
      { ...chainRow(repaid.tokenId, me, 1), shares: 60n, principal: 60n, yield: 6n },
      { ...chainRow(repaid.tokenId, me, 2), shares: 40n, principal: 40n, yield: 4n },
      { ...chainRow(repaid.tokenId, other, 1), shares: 500n, principal: 500n, yield: 50n },
    ]);
    await t.app.db.insert(chainRefunds).values([
      { ...chainRow(cancelled.tokenId, me, 1), shares: 15n },
      { ...chainRow(cancelled.tokenId, me, 2), shares: 25n },
      { ...chainRow(cancelled.tokenId, other, 1), shares: 900n },
    ]);
    const crops = (await get("/api/crops", cookie)).json().crops as Record<string, unknown>[];
    expect(crops.map((crop) => crop.cropId)).toEqual([cancelled.cropId, repaid.cropId]);
    expect(crops[0]).toMatchObject({
      invested: "40",
      received: { harvestedPrincipal: "0", harvestedYield: "0", refunded: "40" },
    });
    expect(crops[1]).toMatchObject({
      invested: "100",
      received: { harvestedPrincipal: "100", harvestedYield: "10", refunded: "0" },
    });
  });

  it("badges a crop from its own invoice's documents and buyer answer", async () => {
    const { address: me, cookie } = await signedInPlayer(t);
    const verified = await seedCrop(t.app.db, { holder: me });
    const mismatched = await seedCrop(t.app.db, { holder: me });
    const farmer = `0x${"f".repeat(39)}${verified.tokenId % 10n}`;
    const [row] = await t.app.db.insert(farmers).values(farmerRow(farmer)).returning({ id: farmers.id });
    const sha = (n: number) => String(n).repeat(64).slice(0, 64);
    for (const [crop, committed] of [
      [verified, sha(1)],
      [mismatched, sha(2)],
    ] as const) {
      await t.app.db.execute(
        sql`update chain_invoices set document_hash = ${`0x${committed}`} where token_id = ${crop.tokenId}`,
      );
      const [invoice] = await t.app.db
        .insert(invoices)
        .values({
          tokenId: crop.tokenId,
          farmerId: row!.id,
          farmerAddress: farmer,
          invoiceNumber: `INV-${crop.cropId}`,
          buyerName: "PT Pangan",
          description: "Beras",
          dueDate: "2027-01-01",
          referenceHash: `0x${crop.cropId.padStart(64, "0")}`,
          submissionState: "submitted",
          ...(crop === verified
            ? {
                buyerDecision: "confirmed",
                buyerDecidedAt: new Date("2026-11-01T00:00:00Z"),
                buyerEmailDomain: "pangan.co.id",
              }
            : {}),
        })
        .returning({ id: invoices.id });
      const document = (kind: string, digest: string) => ({
        invoiceId: invoice!.id,
        kind,
        storageKey: `invoices/${crop.cropId}/${kind}`,
        contentType: "application/pdf",
        sizeBytes: 1000,
        sha256: digest,
      });
      // The verified crop's invoice document is the one committed on chain, with a delivery proof; the other's is not.
      await t.app.db
        .insert(invoiceDocuments)
        .values(
          crop === verified
            ? [document("invoice", sha(1)), document("deliveryProof", sha(3))]
            : [document("invoice", sha(4))],
        );
    }
    const crops = (await get("/api/crops", cookie)).json().crops as { invoice: { evidence: unknown } }[];
    expect(crops.map((crop) => crop.invoice.evidence)).toEqual([
      {
        invoiceVerified: false,
        deliveryProven: false,
        buyerConfirmedAt: null,
        buyerConfirmedEmailDomain: null,
        buyerConfirmedFreeMail: false,
      },
      {
        invoiceVerified: true,
        deliveryProven: true,
        buyerConfirmedAt: "2026-11-01T00:00:00.000Z",
        buyerConfirmedEmailDomain: "pangan.co.id",
        buyerConfirmedFreeMail: false,
      },
    ]);
  });
});
