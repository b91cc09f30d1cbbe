import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { eq } from "drizzle-orm";
import { type Hex, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { invoices } from "../src/db/schema";
import { indexNow } from "./chain-app";
import { FarmDriver, gold } from "./chain-fixture";
import { buyerContact, evidenceApp, invoiceTerms, sha256 } from "./evidence-app";
import { deliveryProof, invoiceDocument, jpegBytes, pdfBytes } from "./fixtures";
import { randomAccount, signIn, testBackends } from "./helpers";

describe.each(testBackends)("invoice evidence on $name (anvil)", { timeout: 120_000 }, ({ kind }) => {
  const { e, inject, submit, submitted, link, signedDecision, invoiceRows } = evidenceApp(kind);

  it("stores the invoice and its delivery proof, and commits the document's SHA-256 on chain", async () => {
    const document = invoiceDocument(pdfBytes(40_000));
    const proof = deliveryProof(jpegBytes(25_000));
    const before = (await e.t.storedKeys()).length;
    const reply = await submit([document, proof]);
    expect(reply.statusCode, reply.body).toBe(201);
    const { tokenId, txHash } = reply.json() as { tokenId: string; txHash: Hex };
    expect((await e.t.storedKeys()).length).toBe(before + 2);

    const receipt = await e.farm.publicClient.getTransactionReceipt({ hash: txHash });
    const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceSubmitted" });
    expect(event?.args.documentHash).toBe(`0x${sha256(document.data)}`);

    // The bytes the farmer reads back are the uploaded ones, and their hash is the one on chain.
    const stored = await inject("GET", `/api/invoices/${tokenId}/documents/invoice`, e.farmerCookie);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("application/pdf");
    expect(`0x${sha256(stored.rawPayload)}`).toBe(event?.args.documentHash);

    await indexNow(e.t);
    const evidence = await inject("GET", `/api/invoices/${tokenId}/evidence`, e.farmerCookie);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json()).toMatchObject({
      tokenId,
      buyer: { name: "PT Pangan Sejahtera", contact: buyerContact },
      documentHashOnChain: `0x${sha256(document.data)}`,
      confirmation: { status: "none", decision: null },
    });
    const kinds = (evidence.json() as { documents: { kind: string; sha256: string }[] }).documents;
    expect(Object.fromEntries(kinds.map((d) => [d.kind, d.sha256]))).toEqual({
      invoice: sha256(document.data),
      deliveryProof: sha256(proof.data),
    });
    // The buyer's contact is stored encrypted only.
    const [row] = await e.t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.tokenId, BigInt(tokenId)));
    expect(row?.buyerContactEncrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(
      JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value)),
    ).not.toContain(buyerContact);
  });

  it.each([
    ["a text file as the invoice", [invoiceDocument(Buffer.from("not an invoice, just text"))], 415],
    ["an 11 MB invoice", [invoiceDocument(pdfBytes(11 * 1024 * 1024))], 413],
    [
      "a text file as the delivery proof, after a valid invoice",
      [invoiceDocument(), deliveryProof(Buffer.from("x".repeat(5000)))],
      415,
    ],
    [
      "an 11 MB delivery proof, after a valid invoice",
      [invoiceDocument(), deliveryProof(jpegBytes(11 * 1024 * 1024))],
      413,
    ],
    ["no invoice document", [deliveryProof()], 400],
  ])("refuses %s with nothing left behind: no object, no row, no token", async (_label, files, status) => {
    const keys = await e.t.storedKeys();
    const rows = await invoiceRows();
    const tokens = await e.farm.publicClient.readContract({
      address: e.farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "invoiceCount",
    });
    const reply = await submit(files);
    expect(reply.statusCode, reply.body).toBe(status);
    expect(reply.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await e.t.storedKeys()).toEqual(keys);
    expect(await invoiceRows()).toBe(rows);
    expect(
      await e.farm.publicClient.readContract({
        address: e.farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "invoiceCount",
      }),
    ).toBe(tokens);
  });

  it("refuses a JSON body with 415 and an invalid buyer contact with 400, without echoing it", async () => {
    const json = await inject("POST", "/api/invoices", e.farmerCookie, invoiceTerms("EV-JSON"));
    expect(json.statusCode).toBe(415);
    const bad = await submit([invoiceDocument()], { ...invoiceTerms("EV-BAD"), buyerContact: "call me 12" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain("buyerContact");
    expect(bad.body).not.toContain("call me 12");
  });

  it("lets only the farmer and admins read the evidence: 403 for other wallets, 401 without a session", async () => {
    const tokenId = await submitted([invoiceDocument(), deliveryProof()]);
    for (const path of ["documents/invoice", "documents/deliveryProof", "evidence"]) {
      const url = `/api/invoices/${tokenId}/${path}`;
      expect((await inject("GET", url, e.farmerCookie)).statusCode, url).toBe(200);
      expect((await inject("GET", url, e.adminCookie)).statusCode, url).toBe(200);
      expect((await inject("GET", url, e.strangerCookie)).statusCode, url).toBe(403);
      expect((await inject("GET", url)).statusCode, url).toBe(401);
    }
    // A stranger learns nothing about invoices that do not exist either.
    expect((await inject("GET", "/api/invoices/999999/evidence", e.strangerCookie)).statusCode).toBe(403);
    // Only the farmer sends confirmation links.
    expect(
      (await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, e.strangerCookie)).statusCode,
    ).toBe(403);
    expect(
      (await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, e.adminCookie)).statusCode,
    ).toBe(403);
  });

  it("describes the evidence routes in the OpenAPI document", async () => {
    const openapi = (await inject("GET", "/api/openapi.json")).json() as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of [
      "/api/invoices",
      "/api/invoices/{tokenId}/evidence",
      "/api/invoices/{tokenId}/documents/{kind}",
      "/api/invoices/{tokenId}/confirmation-link",
      "/api/confirmations/{token}",
      "/api/confirmations/{token}/document",
      "/api/admin/invoices/{tokenId}/approval",
      "/api/admin/invoices/{tokenId}/rejection",
      "/api/admin/invoices/decisions",
    ])
      expect(openapi.paths, path).toHaveProperty([path]);
    for (const schema of ["InvoiceEvidence", "InvoiceEvidenceBadges", "ConfirmationView", "ConfirmationLink"])
      expect(openapi.components.schemas, schema).toHaveProperty([schema]);
  });

  it("investors see the badges and no document or personal data", async () => {
    const document = invoiceDocument();
    const proof = deliveryProof();
    const full = await submitted([document, proof]);
    const bare = await submitted();
    const buyer = randomAccount();
    const token = await link(full);
    const signed = await signedDecision(token, buyer, "confirmed");
    const answer = { decision: signed.decision, signature: signed.signature };
    expect((await inject("POST", `/api/confirmations/${token}`, "", answer)).statusCode).toBe(200);
    await indexNow(e.t);
    // Pending, an invoice is its farmer's and the admins' only.
    expect((await inject("GET", `/api/invoices/${full}`)).statusCode).toBe(404);
    expect((await inject("GET", `/api/invoices/${full}`, e.farmerCookie)).statusCode).toBe(200);
    for (const approved of [full, bare])
      await waitForReceipt(e.farm.publicClient, {
        hash: await e.farm.admin.writeContract({
          address: e.farm.deployment.farmNft,
          abi: farmNftAbi,
          functionName: "approveInvoice",
          args: [approved],
        }),
      });
    await indexNow(e.t);

    const detail = await inject("GET", `/api/invoices/${full}`);
    expect(detail.statusCode).toBe(200);
    const badges = detail.json().evidence;
    // The badge names the domain the platform e-mailed the link to, never the address.
    expect(badges).toMatchObject({
      invoiceVerified: true,
      deliveryProven: true,
      buyerConfirmedEmailDomain: "pangansejahtera.co.id",
      buyerConfirmedFreeMail: false,
    });
    expect(Date.parse(badges.buyerConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await inject("GET", `/api/invoices/${bare}`)).json().evidence).toEqual({
      invoiceVerified: true,
      deliveryProven: false,
      buyerConfirmedAt: null,
      buyerConfirmedEmailDomain: null,
      buyerConfirmedFreeMail: false,
    });

    // The crop of an investor in it carries the same badges.
    const investorKey = anvilKeys[5];
    await new FarmDriver(e.farm).invest(e.farm.wallet(investorKey), full, gold(500n));
    await indexNow(e.t);
    const crops = await inject("GET", "/api/crops", await signIn(e.t.app, privateKeyToAccount(investorKey)));
    expect(crops.statusCode, crops.body).toBe(200);
    const crop = (crops.json() as { crops: { cropId: string; invoice: { evidence: unknown } }[] }).crops.find(
      (item) => item.cropId === full.toString(),
    );
    expect(crop?.invoice.evidence).toEqual(badges);

    const list = await inject("GET", "/api/invoices?limit=100");
    for (const body of [detail.body, list.body, crops.body]) {
      for (const secret of [
        buyerContact,
        buyer.address,
        signed.signature.signature,
        sha256(document.data),
        sha256(proof.data),
        "invoice-documents/",
        "siti@example.com",
        "test-ciphertext",
      ]) {
        expect(body).not.toContain(secret);
      }
    }
  });
});
