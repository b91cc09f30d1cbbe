import { BaseError, ContractFunctionRevertedError } from "viem";
import { expect } from "vitest";

/** Awaits `action` and asserts it reverted with the custom error `errorName` (and, when given, these args). */
export async function expectRevert(
  action: Promise<unknown> | (() => Promise<unknown>),
  errorName: string,
  args?: readonly unknown[],
): Promise<void> {
  let caught: unknown;
  try {
    await (typeof action === "function" ? action() : action);
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const reverted = (caught as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
  expect(reverted, `expected a contract revert, got: ${(caught as Error).message}`).toBeInstanceOf(
    ContractFunctionRevertedError,
  );
  const data = (reverted as ContractFunctionRevertedError).data;
  expect(data?.errorName).toBe(errorName);
  if (args) expect(data?.args).toEqual(args);
}
