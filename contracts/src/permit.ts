import type { Address, TypedDataDomain } from "viem";

/** The EIP-2612 `Permit` struct GoldToken (OpenZeppelin ERC20Permit) verifies. */
export const permitTypes = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export interface GoldPermit {
  /** The token's EIP-712 domain; read it from the token's `eip712Domain()` rather than copying its name. */
  domain: TypedDataDomain;
  owner: Address;
  spender: Address;
  /** GOLD base units the spender may take. */
  value: bigint;
  /** The owner's current `nonces(owner)` on the token. */
  nonce: bigint;
  /** Unix seconds after which the permit is void. */
  deadline: bigint;
}

/** Typed data for one GOLD permit, ready for viem's or wagmi's `signTypedData`. */
export function goldPermitTypedData(permit: GoldPermit) {
  const { domain, owner, spender, value, nonce, deadline } = permit;
  return {
    domain,
    types: permitTypes,
    primaryType: "Permit",
    message: { owner, spender, value, nonce, deadline },
  } as const;
}
