import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from "viem";
import { expect } from "vitest";
import { farmErrorsAbi } from "../../src/errors";

/** The custom error a failed call reverted with, decoded against every Farm contract's errors. */
export function revertOf(error: unknown): { errorName?: string; args?: readonly unknown[] } | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  if (reverted.data) return { errorName: reverted.data.errorName, args: reverted.data.args };
  if (!reverted.raw) return {};
  const decoded = decodeErrorResult({ abi: farmErrorsAbi, data: reverted.raw as Hex });
  return { errorName: decoded.errorName, args: decoded.args };
}

/** Awaits `action` and asserts it reverted with the custom error `errorName` (and, when given, these args). */
export async function expectRevert(
  action: Promise<unknown>,
  errorName: string,
  args?: readonly unknown[],
): Promise<void> {
  let caught: unknown;
  try {
    await action;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a revert with ${errorName}`).toBeDefined();
  const revert = revertOf(caught);
  expect(revert, `expected a contract revert, got: ${(caught as Error).message}`).toBeDefined();
  expect(revert?.errorName).toBe(errorName);
  if (args) expect(revert?.args).toEqual(args);
}

/** "ok" when `action` succeeds, else the name of the custom error it reverted with (throws on other failures). */
export async function outcomeOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
    return "ok";
  } catch (error) {
    const name = revertOf(error)?.errorName;
    if (!name) throw error;
    return name;
  }
}
