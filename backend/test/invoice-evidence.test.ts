import { createHash, randomBytes } from "node:crypto";
import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { buyerConfirmationTypedData, type ConfirmationView } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { count, eq } from "drizzle-orm";
import { type Hex, type LocalAccount, parseEventLogs, verifyTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceConfirmationLinks, invoiceReviews, invoices } from "../src/db/schema";
import { indexNow, signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import {
  deliveryProof,
  type FilePart,
  invoiceDocument,
  invoiceForm,
  invoiceRequest,
  jpegBytes,
  pdfBytes,
} from "./fixtures";
import { randomAccount, signIn, type TestApp, testBackends } from "./helpers";

const buyerContact = "finance@pangansejahtera.co.id";
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

const invoiceTerms = (invoiceNumber: string) => invoiceRequest(invoiceNumber, { buyerContact });

describe.each(testBackends)("invoice evidence on $name (anvil)", { timeout: 120_000 }, ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let farmer: LocalAccount;
  let farmerCookie: string;
  let adminCookie: string;
  let strangerCookie: string;
  let numbers = 0;

  beforeAll(async () => {
    farm = await startFarmChain();
    t = await startChainApp(farm, kind);
    farmer = randomAccount();
    ({ cookie: farmerCookie } = await signInFarmer(t, farmer));
    // Anvil key 0 holds ADMIN_ROLE on FarmNFT: the API reads admins from the chain.
    adminCookie = await signIn(t.app, privateKeyToAccount(anvilKeys[0]));
    strangerCookie = await signIn(t.app, randomAccount());
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const inject = (method: "GET" | "POST", url: string, cookie = "", payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const submit = (
    files: FilePart[],
    terms: object = invoiceTerms(`EV-${++numbers}`),
    cookie = farmerCookie,
  ) => {
    const form = invoiceForm(terms, files);
    return t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };

  async function submitted(files: FilePart[] = [invoiceDocument()]): Promise<bigint> {
    const reply = await submit(files);
    expect(reply.statusCode, reply.body).toBe(201);
    return BigInt((reply.json() as { tokenId: string }).tokenId);
  }

  async function link(tokenId: bigint): Promise<string> {
    const reply = await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, farmerCookie);
    expect(reply.statusCode, reply.body).toBe(201);
    const body = reply.json() as { token: string; path: string };
    expect(body.path).toBe(`/confirm/${body.token}`);
    return body.token;
  }

  const view = async (token: string) => {
    const reply = await inject("GET", `/api/confirmations/${token}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as ConfirmationView;
  };

  async function signedDecision(
    token: string,
    signer: LocalAccount,
    decision: "confirmed" | "disputed",
    claimed = signer.address,
  ) {
    const facts = await view(token);
    const typedData = buyerConfirmationTypedData({
      chainId: facts.signing!.chainId,
      farmNft: facts.signing!.verifyingContract as Hex,
      tokenId: BigInt(facts.tokenId),
      invoiceNumber: facts.invoiceNumber,
      amount: BigInt(facts.amount),
      dueDate: facts.dueDate,
      documentHash: facts.documentHash as Hex,
      decision,
    });
    const signature = await signer.signTypedData(typedData);
    return { decision, signature: { signer: claimed, signature }, typedData };
  }

  const invoiceRows = async () => (await t.app.db.select({ n: count() }).from(invoices))[0]!.n;

  it("stores the invoice and its delivery proof, and commits the document's SHA-256 on chain", async () => {
    const document = invoiceDocument(pdfBytes(40_000));
    const proof = deliveryProof(jpegBytes(25_000));
    const before = (await t.storedKeys()).length;
    const reply = await submit([document, proof]);
    expect(reply.statusCode, reply.body).toBe(201);
    const { tokenId, txHash } = reply.json() as { tokenId: string; txHash: Hex };
    expect((await t.storedKeys()).length).toBe(before + 2);

    const receipt = await farm.publicClient.getTransactionReceipt({ hash: txHash });
    const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "InvoiceSubmitted" });
    expect(event?.args.documentHash).toBe(`0x${sha256(document.data)}`);

    // The bytes the farmer reads back are the uploaded ones, and their hash is the one on chain.
    const stored = await inject("GET", `/api/invoices/${tokenId}/documents/invoice`, farmerCookie);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["content-type"]).toBe("application/pdf");
    expect(`0x${sha256(stored.rawPayload)}`).toBe(event?.args.documentHash);

    await indexNow(t);
    const evidence = await inject("GET", `/api/invoices/${tokenId}/evidence`, farmerCookie);
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
    const [row] = await t.app.db
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
    const keys = await t.storedKeys();
    const rows = await invoiceRows();
    const tokens = await farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "invoiceCount",
    });
    const reply = await submit(files);
    expect(reply.statusCode, reply.body).toBe(status);
    expect(reply.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await t.storedKeys()).toEqual(keys);
    expect(await invoiceRows()).toBe(rows);
    expect(
      await farm.publicClient.readContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "invoiceCount",
      }),
    ).toBe(tokens);
  });

  it("refuses a JSON body with 415 and an invalid buyer contact with 400, without echoing it", async () => {
    const json = await inject("POST", "/api/invoices", farmerCookie, invoiceTerms("EV-JSON"));
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
      expect((await inject("GET", url, farmerCookie)).statusCode, url).toBe(200);
      expect((await inject("GET", url, adminCookie)).statusCode, url).toBe(200);
      expect((await inject("GET", url, strangerCookie)).statusCode, url).toBe(403);
      expect((await inject("GET", url)).statusCode, url).toBe(401);
    }
    // A stranger learns nothing about invoices that do not exist either.
    expect((await inject("GET", "/api/invoices/999999/evidence", strangerCookie)).statusCode).toBe(403);
    // Only the farmer sends confirmation links.
    expect(
      (await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, strangerCookie)).statusCode,
    ).toBe(403);
    expect((await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, adminCookie)).statusCode).toBe(
      403,
    );
  });

  it("a confirmation link answers once: the buyer sees the document, confirms, then neither answers again nor opens it", async () => {
    const document = invoiceDocument();
    const tokenId = await submitted([document]);
    const token = await link(tokenId);
    const shown = await view(token);
    expect(shown).toMatchObject({
      tokenId: tokenId.toString(),
      invoiceNumber: expect.stringMatching(/^EV-/),
      amount: gold(1500n).toString(),
      dueDate: "2099-01-31",
      documentHash: `0x${sha256(document.data)}`,
      document: { contentType: "application/pdf" },
      decision: null,
      expired: false,
    });
    expect(JSON.stringify(shown)).not.toContain(buyerContact);
    const file = await inject("GET", `/api/confirmations/${token}/document`);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(document.data));

    const confirmed = await inject("POST", `/api/confirmations/${token}`, "", { decision: "confirmed" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ decision: "confirmed", method: "link", signer: null });

    const again = await inject("POST", `/api/confirmations/${token}`, "", {
      decision: "disputed",
      note: "not ours",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("LINK_ALREADY_USED");
    expect((await inject("GET", `/api/confirmations/${token}/document`)).statusCode).toBe(403);
    const after = await view(token);
    expect(after.document).toBeNull();
    expect(after.decision).toMatchObject({ decision: "confirmed", method: "link" });
    // The farmer sees the answer with its time and method; no new link once answered.
    const evidence = (await inject("GET", `/api/invoices/${tokenId}/evidence`, farmerCookie)).json();
    expect(evidence.confirmation).toMatchObject({ status: "confirmed", decision: { method: "link" } });
    expect(Date.parse(evidence.confirmation.decision.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    const newLink = await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, farmerCookie);
    expect(newLink.statusCode).toBe(409);
  });

  it("lets only one of two simultaneous answers through one link", async () => {
    const token = await link(await submitted());
    const replies = await Promise.all([
      inject("POST", `/api/confirmations/${token}`, "", { decision: "confirmed" }),
      inject("POST", `/api/confirmations/${token}`, "", { decision: "disputed", note: "wrong amount" }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
  });

  it("a link expires, is replaced by a newer one, and cannot be guessed", async () => {
    const tokenId = await submitted();
    const first = await link(tokenId);
    const second = await link(tokenId);
    const replaced = await inject("POST", `/api/confirmations/${first}`, "", { decision: "confirmed" });
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().error.code).toBe("LINK_REPLACED");

    await t.app.db
      .update(invoiceConfirmationLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invoiceConfirmationLinks.tokenHash, createHash("sha256").update(second).digest("hex")));
    expect((await view(second)).expired).toBe(true);
    const expired = await inject("POST", `/api/confirmations/${second}`, "", { decision: "confirmed" });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe("LINK_EXPIRED");
    expect((await inject("GET", `/api/confirmations/${second}/document`)).statusCode).toBe(410);
    const evidence = (await inject("GET", `/api/invoices/${tokenId}/evidence`, farmerCookie)).json();
    expect(evidence.confirmation.status).toBe("link_expired");

    const guessed = randomBytes(32).toString("base64url");
    expect((await inject("GET", `/api/confirmations/${guessed}`)).statusCode).toBe(404);
    expect(
      (await inject("POST", `/api/confirmations/${guessed}`, "", { decision: "confirmed" })).statusCode,
    ).toBe(404);
    expect((await inject("GET", "/api/confirmations/short")).statusCode).toBe(400);
    // Only a digest is stored: the table holds no usable token.
    const stored = await t.app.db.select().from(invoiceConfirmationLinks);
    expect(JSON.stringify(stored)).not.toContain(second);
  });

  it("a wallet-signed confirmation verifies against the buyer's address and cannot be replayed for another invoice", async () => {
    const buyer = randomAccount();
    const first = await link(await submitted());
    const second = await link(await submitted());

    // The signature for the first invoice is refused at the second invoice's link, which stays unanswered.
    const forFirst = await signedDecision(first, buyer, "confirmed");
    const replay = await inject("POST", `/api/confirmations/${second}`, "", {
      decision: "confirmed",
      signature: forFirst.signature,
    });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.code).toBe("INVALID_SIGNATURE");
    expect((await view(second)).decision).toBeNull();

    // A signature by one wallet claimed for another is refused.
    const impostor = await signedDecision(first, randomAccount(), "confirmed", buyer.address);
    const refused = await inject("POST", `/api/confirmations/${first}`, "", {
      decision: "confirmed",
      signature: impostor.signature,
    });
    expect(refused.statusCode).toBe(422);
    // Signed for "confirmed", sent as a dispute: refused.
    const flipped = await inject("POST", `/api/confirmations/${first}`, "", {
      decision: "disputed",
      note: "changed my mind",
      signature: forFirst.signature,
    });
    expect(flipped.statusCode).toBe(422);

    const accepted = await inject("POST", `/api/confirmations/${first}`, "", {
      decision: "confirmed",
      signature: forFirst.signature,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const recorded = accepted.json() as { method: string; signer: Hex; signature: Hex };
    expect(recorded).toMatchObject({ method: "wallet_signature", signer: buyer.address });
    // Anyone can check the recorded signature against the buyer's address and the invoice's facts.
    expect(
      await verifyTypedData({ ...forFirst.typedData, address: buyer.address, signature: recorded.signature }),
    ).toBe(true);

    // After confirming, the buyer's wallet cannot read the documents through the farmer's routes either.
    const buyerCookie = await signIn(t.app, buyer);
    const tokenId = (await view(first)).tokenId;
    expect((await inject("GET", `/api/invoices/${tokenId}/documents/invoice`, buyerCookie)).statusCode).toBe(
      403,
    );
    expect((await inject("GET", `/api/confirmations/${first}/document`)).statusCode).toBe(403);
  });

  it("a disputed invoice cannot be approved without a reason; the reason is audited with the buyer's status", async () => {
    const tokenId = await submitted();
    const token = await link(tokenId);
    const disputed = await inject("POST", `/api/confirmations/${token}`, "", {
      decision: "disputed",
      note: "We received 150 sacks, not 200",
    });
    expect(disputed.statusCode).toBe(200);
    const approval = `/api/admin/invoices/${tokenId}/approval`;
    const noReason = await inject("POST", approval, adminCookie, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error).toMatchObject({
      code: "APPROVAL_REASON_REQUIRED",
      details: { buyerStatus: "disputed" },
    });
    expect((await inject("POST", approval, farmerCookie, { reason: "mine" })).statusCode).toBe(403);

    const reason = "Buyer agreed by phone to pay for 150 sacks; the farmer will amend";
    const withReason = await inject("POST", approval, adminCookie, { reason });
    expect(withReason.statusCode, withReason.body).toBe(201);
    const audited = await t.app.db.select().from(invoiceReviews);
    expect(audited.find((row) => row.reason === reason)).toMatchObject({
      action: "approve",
      buyerStatus: "disputed",
      adminAddress: privateKeyToAccount(anvilKeys[0]).address,
    });
    const evidence = (await inject("GET", `/api/invoices/${tokenId}/evidence`, adminCookie)).json();
    expect(evidence.confirmation.decision).toMatchObject({
      decision: "disputed",
      note: "We received 150 sacks, not 200",
    });
    expect(evidence.reviews).toEqual([expect.objectContaining({ reason, buyerStatus: "disputed" })]);

    // Without any answer a reason is required too; a confirmed invoice needs none.
    const unanswered = await submitted();
    expect(
      (await inject("POST", `/api/admin/invoices/${unanswered}/approval`, adminCookie, {})).json().error
        .details,
    ).toEqual({
      buyerStatus: "none",
    });
    const confirmedId = await submitted();
    await inject("POST", `/api/confirmations/${await link(confirmedId)}`, "", { decision: "confirmed" });
    expect(
      (await inject("POST", `/api/admin/invoices/${confirmedId}/approval`, adminCookie, {})).statusCode,
    ).toBe(201);

    // Once approved on chain there is nothing left to review.
    await waitForReceipt(farm.publicClient, {
      hash: await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "approveInvoice",
        args: [confirmedId],
      }),
    });
    const late = await inject("POST", `/api/admin/invoices/${confirmedId}/approval`, adminCookie, {});
    expect(late.statusCode).toBe(409);
  });

  it("a rejection needs a reason, is audited, and the admin's history shows both decisions with the chain's outcome", async () => {
    const tokenId = await submitted();
    const rejection = `/api/admin/invoices/${tokenId}/rejection`;
    const noReason = await inject("POST", rejection, adminCookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe("VALIDATION_FAILED");
    expect((await inject("POST", rejection, adminCookie, { reason: "x".repeat(501) })).statusCode).toBe(400);
    expect((await inject("POST", rejection, farmerCookie, { reason: "not mine to say" })).statusCode).toBe(
      403,
    );
    const reason = "The buyer's company is not registered at that address";
    const recorded = await inject("POST", rejection, adminCookie, { reason });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ action: "reject", reason, buyerStatus: "none" });
    await waitForReceipt(farm.publicClient, {
      hash: await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "rejectInvoice",
        args: [tokenId, reason],
      }),
    });
    await indexNow(t);
    expect((await inject("POST", rejection, adminCookie, { reason })).statusCode).toBe(409);

    const history = await inject("GET", "/api/admin/invoices/decisions", adminCookie);
    expect(history.statusCode, history.body).toBe(200);
    const decision = history
      .json()
      .items.find((item: { tokenId: string }) => item.tokenId === tokenId.toString());
    expect(decision).toMatchObject({
      action: "reject",
      reason,
      adminAddress: privateKeyToAccount(anvilKeys[0]).address,
      chainStatus: "rejected",
    });
    expect((await inject("GET", "/api/admin/invoices/decisions", farmerCookie)).statusCode).toBe(403);
    expect((await inject("GET", "/api/admin/invoices/decisions", "")).statusCode).toBe(401);
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
    await indexNow(t);

    const detail = await inject("GET", `/api/invoices/${full}`);
    expect(detail.statusCode).toBe(200);
    const badges = detail.json().evidence;
    expect(badges).toMatchObject({ invoiceVerified: true, deliveryProven: true });
    expect(Date.parse(badges.buyerConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await inject("GET", `/api/invoices/${bare}`)).json().evidence).toEqual({
      invoiceVerified: true,
      deliveryProven: false,
      buyerConfirmedAt: null,
    });

    // The crop of an investor in it carries the same badges.
    await waitForReceipt(farm.publicClient, {
      hash: await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "approveInvoice",
        args: [full],
      }),
    });
    const investorKey = anvilKeys[5];
    await new FarmDriver(farm).invest(farm.wallet(investorKey), full, gold(500n));
    await indexNow(t);
    const crops = await inject("GET", "/api/crops", await signIn(t.app, privateKeyToAccount(investorKey)));
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
