import { parseSignature } from "viem";
import type { Farm, Wallet } from "./farm";

/** Signs an ERC-2612 permit of `value` GOLD from `owner` to FarmNFT, as a wallet would. */
export async function signGoldPermit(farm: Farm, owner: Wallet, value: bigint, deadline: bigint) {
  const nonce = await farm.as(owner).gold.read.nonces([owner.account.address]);
  const signature = await owner.signTypedData({
    domain: {
      name: "Farm Gold",
      version: "1",
      chainId: farm.chain.id,
      verifyingContract: farm.deployment.goldToken,
    },
    types: {
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "Permit",
    message: { owner: owner.account.address, spender: farm.deployment.farmNft, value, nonce, deadline },
  });
  const { v, r, s } = parseSignature(signature);
  return { v: Number(v), r, s };
}
