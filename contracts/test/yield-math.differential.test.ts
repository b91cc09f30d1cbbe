import {
  accrueLateFee,
  annualisedRateBps,
  financingFee,
  lateFee,
  principalSlice,
  splitRepayment,
  yieldSlice,
} from "@farm/core";
import { type Anvil, anvilKeys, startAnvil } from "@farm/testkit";
import fc from "fast-check";
import { type Address, createPublicClient, createWalletClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yieldMathHarnessAbi } from "../src/abi/YieldMathHarness";
import { yieldMathHarnessBytecode } from "../src/bytecode/YieldMathHarness";
import { waitForReceipt } from "../src/receipt";

// packages/core/src/yield.ts must give exactly YieldMath.sol's numbers: compare them call by call on random inputs.
let anvil: Anvil;
let publicClient: PublicClient;
let harness: Address;
const runs = { numRuns: 300 };

const MAX_AMOUNT = 2n ** 96n - 1n;
const amount = fc.bigInt({ min: 0n, max: MAX_AMOUNT });
const yieldBps = fc.integer({ min: 0, max: 10_000 });

beforeAll(async () => {
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  publicClient = createPublicClient({ transport, pollingInterval: 20 });
  const wallet = createWalletClient({ transport, account: privateKeyToAccount(anvilKeys[0]) });
  const hash = await wallet.deployContract({
    abi: yieldMathHarnessAbi,
    bytecode: yieldMathHarnessBytecode,
    chain: null,
  });
  const receipt = await waitForReceipt(publicClient, { hash });
  if (!receipt.contractAddress) throw new Error("harness not deployed");
  harness = receipt.contractAddress;
});
afterAll(async () => {
  await anvil.stop();
});

const read = <
  const name extends
    | "financingFee"
    | "yieldSlice"
    | "principalSlice"
    | "splitRepayment"
    | "lateFee"
    | "accrueLateFee"
    | "annualisedRateBps",
>(
  functionName: name,
  args: readonly bigint[],
) =>
  publicClient.readContract({
    address: harness,
    abi: yieldMathHarnessAbi,
    functionName,
    args: args as never,
  });

describe("yield math: TypeScript mirror versus Solidity", () => {
  it("computes the same financing fee", async () => {
    await fc.assert(
      fc.asyncProperty(amount, yieldBps, async (a, bps) => {
        expect(await read("financingFee", [a, BigInt(bps)])).toBe(financingFee(a, bps));
      }),
      runs,
    );
  });

  it("computes the same yield slices", async () => {
    await fc.assert(
      fc.asyncProperty(amount, amount, yieldBps, async (x, y, bps) => {
        const [before, shares] = x + y > MAX_AMOUNT ? [x / 2n, y / 2n] : [x, y];
        expect(await read("yieldSlice", [before, shares, BigInt(bps)])).toBe(yieldSlice(before, shares, bps));
      }),
      runs,
    );
  });

  it("computes the same pro-rata principal slices", async () => {
    const input = fc.bigInt({ min: 1n, max: MAX_AMOUNT }).chain((total) =>
      fc.bigInt({ min: 0n, max: total }).chain((before) =>
        fc.record({
          total: fc.constant(total),
          before: fc.constant(before),
          shares: fc.bigInt({ min: 0n, max: total - before }),
          pool: fc.bigInt({ min: 0n, max: total }),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(input, async ({ total, before, shares, pool }) => {
        expect(await read("principalSlice", [before, shares, pool, total])).toBe(
          principalSlice(before, shares, pool, total),
        );
      }),
      runs,
    );
  });

  it("splits repayments the same way", async () => {
    await fc.assert(
      fc.asyncProperty(
        amount,
        yieldBps,
        fc.bigInt({ min: 0n, max: 2n * MAX_AMOUNT }),
        fc.bigInt({ min: 0n, max: 3n * MAX_AMOUNT }),
        fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: MAX_AMOUNT })),
        async (a, bps, repaidBefore, payment, late) => {
          const [taken, principalPart, feePart] = await read("splitRepayment", [
            a,
            BigInt(bps),
            repaidBefore,
            payment,
            late,
          ]);
          const split = splitRepayment(a, bps, repaidBefore, payment, late);
          expect({ taken, principalPart, feePart }).toEqual({
            taken: split.taken,
            principalPart: split.principalPart,
            feePart: split.feePart,
          });
          expect(split.latePart).toBe(taken - principalPart - feePart);
        },
      ),
      runs,
    );
  });

  it("computes the same late fee, capped at principal - fee", async () => {
    await fc.assert(
      fc.asyncProperty(
        amount,
        yieldBps,
        fc.integer({ min: 7, max: 365 }),
        fc.bigInt({ min: 0n, max: 200_000n }),
        async (a, bps, tenor, days) => {
          const late = lateFee(a, bps, tenor, days);
          expect(await read("lateFee", [a, BigInt(bps), BigInt(tenor), days])).toBe(late);
          expect(late + financingFee(a, bps) <= a).toBe(true);
        },
      ),
      runs,
    );
  });

  it("accrues the same late fee on what is still overdue, capped at principal - fee", async () => {
    await fc.assert(
      fc.asyncProperty(
        amount,
        yieldBps,
        fc.integer({ min: 7, max: 365 }),
        fc.bigInt({ min: 0n, max: 2n ** 98n }),
        fc.bigInt({ min: 0n, max: 200_000n }),
        async (a, bps, tenor, repaid, days) => {
          const before = lateFee(a, bps, tenor, days / 2n);
          const late = accrueLateFee(a, bps, tenor, repaid, before, days);
          const args = [a, BigInt(bps), BigInt(tenor), repaid, before, days];
          expect(await read("accrueLateFee", args)).toBe(late);
          expect(late + financingFee(a, bps) <= a).toBe(true);
          // A payment never makes the late fee grow faster: what is overdue is at most the principal.
          expect(late <= lateFee(a, bps, tenor, days / 2n + days)).toBe(true);
        },
      ),
      runs,
    );
  });

  it("annualises the same way", async () => {
    await fc.assert(
      fc.asyncProperty(yieldBps, fc.integer({ min: 1, max: 365 }), async (bps, tenor) => {
        expect(await read("annualisedRateBps", [BigInt(bps), BigInt(tenor)])).toBe(
          annualisedRateBps(bps, tenor),
        );
      }),
      runs,
    );
  });
});
