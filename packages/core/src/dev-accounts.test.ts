import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { anvilDevAccounts, anvilDevRole } from "./dev-accounts";

describe("anvil dev accounts", () => {
  it("lists each key with the address it derives to", () => {
    expect(anvilDevAccounts).toHaveLength(20);
    for (const [privateKey, address] of anvilDevAccounts) {
      expect(privateKeyToAccount(privateKey).address).toBe(address);
    }
  });

  it("names the local stack's roles", () => {
    expect([0, 1, 2, 3, 19].map(anvilDevRole)).toEqual([
      "admin",
      "operator",
      "farmer",
      "investor",
      "investor",
    ]);
  });
});
