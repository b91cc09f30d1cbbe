import { parseSignature } from "viem";
import { goldPermitTypedData } from "../../src/permit";
import type { Farm, Wallet } from "./farm";

/** Signs an ERC-2612 permit of `value` GOLD from `owner` to `spender` (FarmNFT by default), as a wallet would. */
export async function signGoldPermit(
  farm: Farm,
  owner: Wallet,
  value: bigint,
  deadline: bigint,
  spender: `0x${string}` = farm.deployment.farmNft,
) {
  const nonce = await farm.as(owner).gold.read.nonces([owner.account.address]);
  const signature = await owner.signTypedData(
    goldPermitTypedData({
      domain: {
        name: "Farm Gold",
        version: "1",
        chainId: farm.chain.id,
        verifyingContract: farm.deployment.goldToken,
      },
      owner: owner.account.address,
      spender,
      value,
      nonce,
      deadline,
    }),
  );
  const { v, r, s } = parseSignature(signature);
  return { v: Number(v), r, s };
}
