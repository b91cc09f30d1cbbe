import { utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import type { SubmitInvoiceRequest } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { eq } from "drizzle-orm";
import { keccak256, type LocalAccount, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { farmerDocuments, invoices } from "../src/db/schema";
import { invoiceReferenceHash } from "../src/services/invoices/reference";
import { reconcileSubmissions } from "../src/services/invoices/submission-reconciler";
import { hashOfRequest } from "../src/services/invoices/submit";
import { sweepOrphanedObjects } from "../src/services/storage-sweeper";
import { signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, gold, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import type { TestApp } from "./helpers";

const invoice = (invoiceNumber: string) => invoiceRequest(invoiceNumber);

describe("crash recovery (anvil + PGlite)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let testApp: TestApp;
  let farmer: LocalAccount;
  let farmerId: string;
  let cookie: string;
  const eventReadsFrom: bigint[] = [];

  beforeAll(async () => {
    farm = await startFarmChain();
    testApp = await startChainApp(farm, "embedded", {
      INDEXER_START_BLOCK: String(farm.deployment.blockNumber),
      SUBMISSION_RECONCILE_INTERVAL_MS: "3600000",
    });
    farmer = privateKeyToAccount(anvilKeys[2]);
    ({ cookie, farmerId } = await signInFarmer(testApp, farmer));
    // Records where every event read starts, to prove none starts at block 0.
    const client = testApp.app.chain.publicClient;
    const read = client.getContractEvents.bind(client);
    client.getContractEvents = ((args: { fromBlock?: bigint }) => {
      eventReadsFrom.push(args.fromBlock ?? -1n);
      return read(args as never);
    }) as typeof client.getContractEvents;
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    await farm?.stop();
  });

  const post = (body: unknown, key: string) => {
    const form = invoiceForm(body);
    return testApp.app.inject({
      method: "POST",
      url: "/api/invoices",
      payload: form.payload,
      headers: { cookie, ...form.headers, "idempotency-key": key },
    });
  };

  /** What a crash leaves: the metadata row in 'submitting', written `ageMs` ago. */
  async function stuckRow(request: SubmitInvoiceRequest, key: string, ageMs = 0) {
    const referenceHash = invoiceReferenceHash(farmer.address, request.invoiceNumber, request.buyerName);
    await testApp.app.db.insert(invoices).values({
      farmerId,
      farmerAddress: farmer.address,
      invoiceNumber: request.invoiceNumber,
      buyerName: request.buyerName,
      description: request.description,
      dueDate: request.dueDate,
      referenceHash,
      idempotencyKey: key,
      requestHash: hashOfRequest(request),
      submissionState: "submitting",
      createdAt: new Date(Date.now() - ageMs),
    });
    return referenceHash;
  }

  /** The operator's transaction that the crashed request had sent: mined, its row never completed. */
  async function mineOnChain(request: SubmitInvoiceRequest, referenceHash: `0x${string}`) {
    const head = await farm.publicClient.getBlock();
    const hash = await farm.operator.writeContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "submitInvoice",
      args: [
        farmer.address,
        BigInt(request.amount),
        request.yieldBps,
        request.tenorDays,
        head.timestamp + 14n * 86_400n,
        referenceHash,
        keccak256(toHex(`document of ${request.invoiceNumber}`)),
      ],
    });
    await waitForReceipt(farm.publicClient, { hash });
    return farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "tokenIdByReference",
      args: [referenceHash],
    });
  }

  const rowOf = async (invoiceNumber: string) =>
    (await testApp.app.db.select().from(invoices).where(eq(invoices.invoiceNumber, invoiceNumber)))[0];

  it("a retry with the same Idempotency-Key of a submission mined before the crash answers 201 with its token id", async () => {
    const request = invoice("CRASH-1");
    const tokenId = await mineOnChain(request, await stuckRow(request, "crash-key-0001"));
    expect(tokenId).toBeGreaterThan(0n);
    const retry = await post(request, "crash-key-0001");
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ tokenId: tokenId.toString(), status: "pending" });
    expect(await rowOf("CRASH-1")).toMatchObject({ submissionState: "submitted", tokenId });
  });

  it("reconciliation completes mined submissions, releases old unmined ones, keeps young ones, reading events from the deployment block", async () => {
    const mined = invoice("CRASH-2");
    const tokenId = await mineOnChain(mined, await stuckRow(mined, "crash-key-0002"));
    await stuckRow(invoice("CRASH-3"), "crash-key-0003", 60_000);
    await stuckRow(invoice("CRASH-4"), "crash-key-0004", 0);

    const result = await reconcileSubmissions(testApp.app.db, testApp.app.chain, { stuckAfterMs: 30_000 });
    expect(result).toEqual({ completed: 1, released: 1, waiting: 1 });
    expect(await rowOf("CRASH-2")).toMatchObject({ submissionState: "submitted", tokenId });
    expect(await rowOf("CRASH-3")).toBeUndefined();
    expect(await rowOf("CRASH-4")).toMatchObject({ submissionState: "submitting" });
    // The released invoice can be submitted again.
    expect((await post(invoice("CRASH-3"), "crash-key-0003")).statusCode).toBe(201);
    expect(eventReadsFrom.length).toBeGreaterThan(0);
    for (const from of eventReadsFrom)
      expect(from).toBeGreaterThanOrEqual(BigInt(farm.deployment.blockNumber));
    expect(farm.deployment.blockNumber).toBeGreaterThan(0);
  });

  it("refuses the same Idempotency-Key with another body (422)", async () => {
    expect((await post(invoice("KEY-1"), "reused-key-0001")).statusCode).toBe(201);
    const again = await post(invoice("KEY-1"), "reused-key-0001");
    expect(again.statusCode).toBe(201);
    const other = await post({ ...invoice("KEY-1"), amount: gold(2000n).toString() }, "reused-key-0001");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_REUSED" } });
  });

  it("sweeps stored documents no registration refers to and stale temporary files, after the grace period", async () => {
    const { storage } = testApp;
    const body = () => Readable.from([Buffer.from("%PDF-1.4 test")]);
    await storage.put("farmer-documents/orphan-1", body(), { contentType: "application/pdf" });
    await storage.put("farmer-documents/kept-1", body(), { contentType: "application/pdf" });
    await testApp.app.db.insert(farmerDocuments).values({
      farmerId,
      kind: "ktp",
      storageKey: "farmer-documents/kept-1",
      contentType: "application/pdf",
      sizeBytes: 13,
      sha256: "00",
    });
    const temporary = join(testApp.config.storageDir, "tmp", "interrupted-upload");
    await writeFile(temporary, "partial");
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(temporary, hourAgo, hourAgo);

    const young = await sweepOrphanedObjects(testApp.app.db, storage, { graceMs: 600_000 });
    expect(young).toEqual({ orphanedObjects: 0, staleUploads: 1 });
    expect(await testApp.storedKeys()).toContain("farmer-documents/orphan-1");

    const later = await sweepOrphanedObjects(testApp.app.db, storage, {
      graceMs: 600_000,
      now: new Date(Date.now() + 3_600_000),
    });
    expect(later.orphanedObjects).toBe(1);
    const left = await testApp.storedKeys();
    expect(left).toContain("farmer-documents/kept-1");
    expect(left).not.toContain("farmer-documents/orphan-1");
  });
});
