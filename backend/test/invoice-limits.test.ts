import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { ONE_GOLD } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import { randomAccount, type TestApp } from "./helpers";

/**
 * Each submission is an operator transaction the platform pays for: too small an invoice or fee is refused before
 * anything is sent, and one farmer can have only so many waiting for review, and submit only so many an hour.
 */
describe("invoice submission limits (anvil)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let t: TestApp;
  let numbers = 0;
  beforeAll(async () => {
    farm = await startFarmChain();
    t = await startChainApp(farm, "embedded", {
      INVOICE_MAX_PENDING_PER_FARMER: "2",
      INVOICE_SUBMISSIONS_PER_HOUR: "3",
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const submit = (cookie: string, overrides: Parameters<typeof invoiceRequest>[1] = {}) => {
    const form = invoiceForm(invoiceRequest(`LIM-${++numbers}`, overrides));
    return t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };
  const operatorNonce = () =>
    farm.publicClient.getTransactionCount({ address: t.app.chain.operator!.address, blockTag: "pending" });

  it("refuses an invoice under the minimum amount or fee before the operator sends anything", async () => {
    const { cookie } = await signInFarmer(t, randomAccount());
    const nonce = await operatorNonce();
    const stored = (await t.storedKeys()).length;
    for (const [overrides, code] of [
      [{ amount: "1" }, "AMOUNT_TOO_SMALL"],
      [{ amount: (99n * ONE_GOLD).toString() }, "AMOUNT_TOO_SMALL"],
      // 1,000 GOLD at 0.01 %: a fee of 0.1 GOLD.
      [{ amount: (1000n * ONE_GOLD).toString(), yieldBps: 1 }, "FEE_TOO_SMALL"],
    ] as const) {
      const reply = await submit(cookie, overrides);
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json().error.code).toBe(code);
    }
    expect(await operatorNonce()).toBe(nonce);
    expect((await t.storedKeys()).length).toBe(stored);
    expect((await submit(cookie, { amount: (100n * ONE_GOLD).toString(), yieldBps: 100 })).statusCode).toBe(
      201,
    );
  });

  it("caps one farmer's invoices waiting for review, and its submissions an hour", async () => {
    const { cookie } = await signInFarmer(t, randomAccount());
    const first = await submit(cookie);
    const second = await submit(cookie);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const capped = await submit(cookie);
    expect(capped.statusCode).toBe(409);
    expect(capped.json().error).toMatchObject({ code: "TOO_MANY_PENDING_INVOICES", details: { limit: 2 } });
    // Another farmer is not held back by this one.
    const { cookie: other } = await signInFarmer(t, randomAccount());
    expect((await submit(other)).statusCode).toBe(201);

    // Once decided, the two no longer count as pending, but they still count as this hour's submissions.
    for (const reply of [first, second]) {
      const hash = await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "rejectInvoice",
        args: [BigInt(reply.json().tokenId), "test"],
      });
      await waitForReceipt(farm.publicClient, { hash });
    }
    await indexNow(t);
    expect((await submit(cookie)).statusCode).toBe(201);
    const limited = await submit(cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: "RATE_LIMITED", details: { limit: 3 } });
  });
});
