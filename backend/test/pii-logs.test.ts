import { PassThrough } from "node:stream";
import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest, multipartBody, registrationProfile, validDocuments } from "./fixtures";
import { randomAccount, signIn, startTestApp, type TestApp } from "./helpers";
import { queuedBuyerToken } from "./notifications/notify-fixture";

/** Personal data seeded into the journey; none of it may reach a log line. */
const pii = {
  fullName: "Canary Wulandari",
  nik: "3201987654320001",
  email: "pii-canary-7731@example.id",
  phone: "+6281299887766",
  dateOfBirth: "1979-11-23",
  street: "Jl. Kenari Rahasia 77",
  npwp: "09.876.543.2-109.876",
  bankAccountNumber: "7766554433221100",
  // The buyer's, not the farmer's own: a farmer's own address is refused as its buyer's.
  buyerEmail: "pii-canary-buyer-7731@example.id",
};

describe("logs of a whole registration and submission journey", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let t: TestApp;
  let logText = "";

  beforeAll(async () => {
    farm = await startFarmChain();
    const logStream = new PassThrough();
    logStream.on("data", (chunk: Buffer) => {
      logText += chunk.toString("utf8");
    });
    const { goldToken, goldFaucet, farmNft, farmVault } = farm.deployment;
    t = await startTestApp({
      contracts: { goldToken, goldFaucet, farmNft, farmVault },
      logStream,
      env: {
        LOG_LEVEL: "trace",
        REQUEST_LOGGING: "true",
        RPC_URL: farm.anvil.rpcUrl,
        CHAIN_ID: String(farm.anvil.chainId),
        OPERATOR_PRIVATE_KEY: anvilKeys[1],
        INDEXER_ENABLED: "false",
        ADMIN_ADDRESSES: privateKeyToAccount(anvilKeys[0]).address,
      },
    });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  it("holds no NIK, NPWP, account number, e-mail, phone, name, birth date or street at any level, failures included", async () => {
    const { app } = t;
    const base = registrationProfile();
    const profile = {
      personal: {
        ...base.personal,
        fullName: pii.fullName,
        nik: pii.nik,
        email: pii.email,
        phone: pii.phone,
        dateOfBirth: pii.dateOfBirth,
        address: { ...base.personal.address, street: pii.street },
      },
      business: {
        ...base.business,
        npwp: pii.npwp,
        bankAccountNumber: pii.bankAccountNumber,
        bankAccountHolder: pii.fullName,
      },
    };
    const farmer = randomAccount();
    const cookie = await signIn(app, farmer);
    const register = () => {
      const body = multipartBody({ profile: JSON.stringify(profile) }, validDocuments());
      return app.inject({
        method: "POST",
        url: "/api/farmers/register",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };

    // A failing statement: PostgreSQL reports the whole row, Drizzle every parameter.
    await app.db.execute(
      sql.raw(`alter table farmers add constraint pii_canary check (email <> '${pii.email}')`),
    );
    const failed = await register();
    expect(failed.statusCode).toBe(500);
    await app.db.execute(sql`alter table farmers drop constraint pii_canary`);

    expect((await register()).statusCode).toBe(201);
    const invalid = multipartBody(
      { profile: JSON.stringify({ ...profile, personal: { ...profile.personal, phone: `x${pii.phone}` } }) },
      validDocuments(),
    );
    await app.inject({
      method: "POST",
      url: "/api/farmers/register",
      payload: invalid.payload,
      headers: { ...invalid.headers, cookie },
    });
    const me = await app.inject({
      method: "GET",
      url: `/api/farmers/me?email=${encodeURIComponent(pii.email)}&phone=${encodeURIComponent(pii.phone)}`,
      headers: { cookie },
    });
    expect(me.json()).toMatchObject({ personal: { email: pii.email } });
    const farmerId = (me.json() as { id: string }).id;

    const adminCookie = await signIn(app, privateKeyToAccount(anvilKeys[0]));
    const approved = await app.inject({
      method: "POST",
      url: `/api/admin/farmers/${farmerId}/approve`,
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    await app.inject({
      method: "GET",
      url: `/api/farmers/${farmerId}/documents/ktp`,
      headers: { cookie: adminCookie },
    });
    const form = invoiceForm(invoiceRequest("PII-1", { buyerContact: pii.buyerEmail, description: "rice" }));
    const submitted = await app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie, ...form.headers, "idempotency-key": "pii-journey-0001" },
      payload: form.payload,
    });
    expect(submitted.statusCode).toBe(201);
    // A confirmation link's token is a credential: opened, its document read and answered, it reaches no log line.
    const { tokenId } = submitted.json() as { tokenId: string };
    const link = await app.inject({
      method: "POST",
      url: `/api/invoices/${tokenId}/confirmation-link`,
      headers: { cookie },
    });
    expect(link.statusCode, link.body).toBe(201);
    const token = await queuedBuyerToken(t, tokenId);
    expect(token.length).toBeGreaterThan(20);
    for (const url of [
      `/api/confirmations/${token}`,
      `/api/confirmations/${token}/document`,
      `/api/confirmations/${token.toUpperCase()}x`,
    ])
      await app.inject({ method: "GET", url });
    await app.inject({
      method: "POST",
      url: `/api/confirmations/${token}`,
      payload: { decision: "confirmed" },
    });
    expect(logText).toContain("/api/confirmations/[redacted]");

    // The logs are there (requests at info, the failure at error), and they hold none of the data.
    expect(logText).toContain('"msg":"request completed"');
    expect(logText).toContain('"level":50');
    expect(logText).toContain("Failed query");
    for (const [field, value] of Object.entries(pii)) expect(logText, field).not.toContain(value);
    expect(logText).not.toContain(encodeURIComponent(pii.email));
    expect(logText).not.toContain(pii.phone.slice(1));
    expect(logText).not.toContain(token);
    expect(logText.toLowerCase()).not.toContain(token.toLowerCase());
  });
});
