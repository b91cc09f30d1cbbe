import { keccak256, toHex, zeroHash } from "viem";

/** AccessControl role ids used by the Farm contracts. */
export const roles = {
  DEFAULT_ADMIN_ROLE: zeroHash,
  ADMIN_ROLE: keccak256(toHex("ADMIN_ROLE")),
  OPERATOR_ROLE: keccak256(toHex("OPERATOR_ROLE")),
  PAUSER_ROLE: keccak256(toHex("PAUSER_ROLE")),
  VERIFIER_ROLE: keccak256(toHex("VERIFIER_ROLE")),
  MINTER_ROLE: keccak256(toHex("MINTER_ROLE")),
} as const;
