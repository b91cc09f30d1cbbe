import { farmNftAbi } from "@farm/contracts";
import { maxYieldBpsFor, type SubmitInvoiceRequest, yieldWithinCap } from "@farm/core";
import { isChainUnreachable } from "../../chain/adapter";
import type { ChainRuntime } from "../../chain/runtime";
import { serviceUnavailable, unprocessable } from "../../errors";
import { chainUnavailable } from "../../errors/dependency";

/** How long one reading of FarmNFT's maxDailyFee is reused: it changes by an admin's rare transaction. */
export const feeCapTtlMs = 15_000;

const readings = new WeakMap<ChainRuntime, { value: number; readAtMs: number }>();

/**
 * FarmNFT's maximum financing fee a day, in hundredths of a basis point (670 = 0.067 % a day), read from the chain
 * (the authority) and reused for `feeCapTtlMs`. 503 when the chain cannot be read.
 */
export async function maxDailyFeeOf(chain: ChainRuntime): Promise<number> {
  const farmNft = chain.addresses?.farmNft;
  if (!farmNft) throw serviceUnavailable("No contracts are deployed on the platform's chain");
  const last = readings.get(chain);
  if (last && Date.now() - last.readAtMs < feeCapTtlMs) return last.value;
  try {
    const value = Number(
      await chain.publicClient.readContract({
        address: farmNft,
        abi: farmNftAbi,
        functionName: "maxDailyFee",
      }),
    );
    readings.set(chain, { value, readAtMs: Date.now() });
    return value;
  } catch (error) {
    if (isChainUnreachable(error)) throw chainUnavailable(error);
    throw error;
  }
}

/** Refuses (422 FEE_ABOVE_CAP, naming the maximum) a whole-term yield above maxDailyFee x tenorDays / 100 basis points. */
export async function checkFeeCap(chain: ChainRuntime, input: SubmitInvoiceRequest): Promise<void> {
  // Without contracts the submission itself answers 503; its other checks still answer first.
  if (!chain.addresses?.farmNft) return;
  const maxDailyFee = await maxDailyFeeOf(chain);
  if (yieldWithinCap(input.yieldBps, input.tenorDays, maxDailyFee)) return;
  const maxYieldBps = maxYieldBpsFor(maxDailyFee, input.tenorDays);
  throw unprocessable(
    "FEE_ABOVE_CAP",
    `The financing fee is above the cap: at most ${maxYieldBps} basis points (${(maxYieldBps / 100).toFixed(2)} %) for a ${input.tenorDays}-day term, ${(maxDailyFee / 10_000).toFixed(4)} % a day`,
    { maxYieldBps, maxDailyFee, tenorDays: input.tenorDays },
  );
}
