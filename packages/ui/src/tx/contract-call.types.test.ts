import { goldTokenAbi } from "@farm/contracts/abi";
import { describe, expect, it } from "vitest";
import type { ContractCall } from "./use-transactor";

const token = "0x0000000000000000000000000000000000000001";
const spender = "0x0000000000000000000000000000000000000002";

// Checked by the typecheck (`tsc -b`): each @ts-expect-error must meet an error, so a loosened type fails the build.
describe("ContractCall", () => {
  it("is typed by the ABI: the function must be a write of that contract, the arguments what it takes", () => {
    const approve: ContractCall<typeof goldTokenAbi, "approve"> = {
      address: token,
      abi: goldTokenAbi,
      functionName: "approve",
      args: [spender, 10n ** 18n],
    };
    const notAWrite: ContractCall<typeof goldTokenAbi> = {
      address: token,
      abi: goldTokenAbi,
      // @ts-expect-error balanceOf is a read, not a transaction
      functionName: "balanceOf",
    };
    const floatAmount: ContractCall<typeof goldTokenAbi, "approve"> = {
      address: token,
      abi: goldTokenAbi,
      functionName: "approve",
      // @ts-expect-error GOLD amounts are bigint base units, never numbers
      args: [spender, 1.5],
    };
    expect([approve, notAWrite, floatAmount].map((call) => call.functionName)).toEqual([
      "approve",
      "balanceOf",
      "approve",
    ]);
  });
});
