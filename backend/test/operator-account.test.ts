import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import type { TestApp } from "./helpers";

/**
 * The operator account in trouble at 3 a.m.: its key used outside the backend (by hand, a script), whose next write
 * meets a nonce the node has seen and sends again at the node's count; or its gas money gone, which answers 503 and
 * names the account in the log. Neither fails the farmer's request with a 500.
 */
describe("the operator account in trouble (anvil + PGlite)", { timeout: 120_000 }, () => {
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

  it("answers 503 while the operator account cannot pay for gas, and submits again once it is topped up", async () => {
    const rpc = (method: string, params: unknown[]) =>
      farm.publicClient.request({ method, params } as never) as Promise<unknown>;
    const operator = farm.wallet(anvilKeys[1]).account.address;
    const balance = await farm.publicClient.getBalance({ address: operator });
    await rpc("anvil_setBalance", [operator, "0x0"]);
    try {
      const broke = await submit("UNFUNDED-1");
      expect(broke.statusCode, broke.body).toBe(503);
      expect(broke.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE" } });
    } finally {
      await rpc("anvil_setBalance", [operator, `0x${balance.toString(16)}`]);
    }
    expect((await submit("UNFUNDED-1")).statusCode).toBe(201);
  });
});
