import { goldPermitTypedData, goldTokenAbi } from "@farm/contracts/abi";
import type { Address, Hex } from "viem";
import { parseSignature } from "viem";
import type { Config } from "wagmi";
import { getBlock, readContract, signTypedData } from "wagmi/actions";

/** How long a permit stays valid, counted from the chain's clock (which tests may move ahead of the wall clock). */
const permitLifetimeSeconds = 3_600n;

export interface PermitSignature {
  deadline: bigint;
  v: number;
  r: Hex;
  s: Hex;
}

/**
 * One EIP-2612 signature letting FarmNFT take `value` GOLD. The EIP-712 domain is read from the token itself
 * (ERC-5267 `eip712Domain()`), so the name "Gold", version "1" and chain id are never copied into the app.
 */
export async function signGoldPermit(
  config: Config,
  {
    owner,
    goldToken,
    spender,
    value,
  }: { owner: Address; goldToken: Address; spender: Address; value: bigint },
): Promise<PermitSignature> {
  const [domain, nonce, block] = await Promise.all([
    readContract(config, { address: goldToken, abi: goldTokenAbi, functionName: "eip712Domain" }),
    readContract(config, { address: goldToken, abi: goldTokenAbi, functionName: "nonces", args: [owner] }),
    getBlock(config),
  ]);
  const [, name, version, chainId, verifyingContract] = domain;
  const deadline = block.timestamp + permitLifetimeSeconds;
  const signature = await signTypedData(config, {
    account: owner,
    ...goldPermitTypedData({
      domain: { name, version, chainId, verifyingContract },
      owner,
      spender,
      value,
      nonce,
      deadline,
    }),
  });
  const { r, s, v, yParity } = parseSignature(signature);
  return { deadline, r, s, v: v !== undefined ? Number(v) : 27 + yParity };
}
