import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { anvilDevAccounts, anvilDevRole, devAccountRoleLines } from "./dev-accounts";

describe("anvil dev accounts", () => {
  it("lists each key with the address it derives to", () => {
    expect(anvilDevAccounts).toHaveLength(20);
    for (const [privateKey, address] of anvilDevAccounts) {
      expect(privateKeyToAccount(privateKey).address).toBe(address);
    }
  });

  it("names the local stack's roles: the new farmer's and the buyer's accounts are not investors", () => {
    expect([0, 1, 2, 3, 4, 5, 10, 19].map(anvilDevRole)).toEqual([
      "admin",
      "operator",
      "farmer",
      "investor",
      "investor",
      "fresh",
      "buyer",
      "fresh",
    ]);
  });

  it("prints each role with its accounts for npm start's log", () => {
    expect(devAccountRoleLines()).toEqual([
      "admin (ADMIN_ROLE: KYC, invoice approval, defaults): #0 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      "backend operator (submits invoices; used by the backend): #1 0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "demo farmer (approved, with invoices): #2 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      "demo investor (holds GOLD and crops): #3 0x90F79bf6EB2c4f870365E785982E1f101E93b906, #4 0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
      "fresh (register as a new farmer, or invest): #5-#9, #11-#19",
      "buyer (offered first on confirmation links): #10 0xBcd4042DE499D14e55001CcbB24a551F3b954096",
    ]);
  });
});
