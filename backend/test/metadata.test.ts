import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFarmer } from "./chain-app";
import { seedCrop } from "./game-fixture";
import { randomAccount, startTestApp, type TestApp } from "./helpers";

describe("GET /api/metadata/{id} (ERC-1155 metadata)", () => {
  let t: TestApp;
  let tokenId: bigint;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_API_URL: "https://api.farm.example/" } });
    // seedCrop's invoices belong to anvil account #2; register that wallet as a farm with public facts.
    await signInFarmer(t, privateKeyToAccount(anvilKeys[2]));
    ({ tokenId } = await seedCrop(t.app.db, {
      holder: randomAccount().address,
      tenorDays: 60,
      yieldBps: 800,
    }));
  });
  afterAll(() => t.close());

  it("answers the metadata JSON for the hex {id} wallets substitute, and for a decimal id", async () => {
    const hexId = tokenId.toString(16).padStart(64, "0");
    const reply = await t.app.inject({ method: "GET", url: `/api/metadata/${hexId}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["access-control-allow-origin"]).toBe("*");
    const body = reply.json();
    expect(body).toEqual({
      name: `Farm seed #${tokenId}: rice`,
      description: expect.stringContaining("rice invoice from Tani Makmur (Bandung, Jawa Barat)"),
      image: `https://api.farm.example/api/metadata/${tokenId}/image.svg`,
      decimals: 18,
      properties: {
        commodity: "rice",
        termDays: 60,
        yieldBps: 800,
        yieldForTerm: "8.00%",
        status: "funded",
        farm: "Tani Makmur",
        region: "Bandung, Jawa Barat",
      },
      attributes: expect.arrayContaining([{ trait_type: "Commodity", value: "rice" }]),
    });
    const decimal = await t.app.inject({ method: "GET", url: `/api/metadata/${tokenId}` });
    expect(decimal.json()).toEqual(body);
  });

  it("never carries personal data of the farmer", async () => {
    const text = (await t.app.inject({ method: "GET", url: `/api/metadata/${tokenId}` })).body;
    for (const personal of [
      "Siti Rahayu",
      "siti@example.com",
      "+6281234567890",
      "Jl. Sawah",
      "BRI",
      "1985",
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it("serves the crop's picture as a self-contained SVG", async () => {
    const reply = await t.app.inject({ method: "GET", url: `/api/metadata/${tokenId}/image.svg` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("image/svg+xml");
    expect(reply.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(reply.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(reply.body).toContain(">rice</text>");
    expect(reply.body).not.toMatch(/<script|href=/);
  });

  it("answers 404 for a pending or rejected invoice's token, as for an unknown one, and names no figure of it", async () => {
    for (const status of ["pending", "rejected"] as const) {
      const hidden = await seedCrop(t.app.db, { holder: randomAccount().address, fundedDaysAgo: -1, status });
      for (const path of ["", "/image.svg"]) {
        const reply = await t.app.inject({ method: "GET", url: `/api/metadata/${hidden.tokenId}${path}` });
        expect(reply.statusCode).toBe(404);
        expect(reply.body).not.toContain("Tani Makmur");
      }
    }
    const shown = await t.app.inject({ method: "GET", url: `/api/metadata/${tokenId}` });
    expect(shown.json().description).toContain("A share of a 100 GOLD rice invoice");
  });

  it("answers 404 for an unknown token and 400 for an id that is neither hex nor decimal", async () => {
    const unknown = await t.app.inject({ method: "GET", url: `/api/metadata/${"f".repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("NOT_FOUND");
    const bad = await t.app.inject({ method: "GET", url: "/api/metadata/0xabc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
  });
});

describe("metadata of a farm whose stored text predates the input checks", () => {
  let t: TestApp;
  let tokenId: bigint;
  beforeAll(async () => {
    t = await startTestApp();
    const farmer = privateKeyToAccount(anvilKeys[2]);
    await signInFarmer(t, farmer);
    // Written straight to the row, as text stored before the schema refused it would be.
    await t.app.db.execute(
      sql`update farmers set business_name = ${"Tani <script>alert(1)</script>\u202eMakmur"},
        crops = ${JSON.stringify(["<img src=x onerror=alert(1)>rice\u2066"])}::jsonb
        where wallet_address = ${farmer.address}`,
    );
    ({ tokenId } = await seedCrop(t.app.db, { holder: randomAccount().address }));
  });
  afterAll(() => t.close());

  it("carries no markup and no control or bidi character to wallets", async () => {
    const reply = await t.app.inject({ method: "GET", url: `/api/metadata/${tokenId}` });
    expect(reply.statusCode).toBe(200);
    const body = reply.json() as { properties: { farm: string; commodity: string } };
    expect(body.properties).toMatchObject({ farm: "Tani alert(1)Makmur", commodity: "rice" });
    expect(reply.body).not.toMatch(/[<>\u202a-\u202e\u2066-\u2069]/u);
  });
});
