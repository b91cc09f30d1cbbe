import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import type { TestApp } from "./helpers";

/**
 * The operator key used outside the backend (an operator sending a transaction by hand at 3 a.m., a script): the
 * backend's next write meets a nonce the node has seen, and sends again at the node's count instead of failing the
 * farmer's request with a 500.
 */
describe("the operator key used by something else (anvil + PGlite)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let t: TestApp;
  let cookie: string;
  const submit = (invoiceNumber: string) => {
    const form = invoiceForm(invoiceRequest(invoiceNumber));
    return t.app.inject({
      method: "POST",
      url: "/api/invoices",
      payload: form.payload,
      headers: { cookie, ...form.headers },
    });
  };

  beforeAll(async () => {
    farm = await startFarmChain();
    t = await startChainApp(farm);
    ({ cookie } = await signInFarmer(t, privateKeyToAccount(anvilKeys[2])));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  it("submits the next invoice after transactions sent with the operator key by hand", async () => {
    expect((await submit("NONCE-1")).statusCode).toBe(201);
    const byHand = farm.wallet(anvilKeys[1]);
    for (let i = 0; i < 2; i++) {
      const hash = await byHand.sendTransaction({ to: byHand.account.address, value: 0n });
      await farm.publicClient.waitForTransactionReceipt({ hash });
    }
    const next = await submit("NONCE-2");
    expect(next.statusCode, next.body).toBe(201);
    expect((await submit("NONCE-3")).statusCode).toBe(201);
  });
});
