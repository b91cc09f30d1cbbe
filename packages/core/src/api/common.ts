import { getAddress, isAddress } from "viem";
import { z } from "zod";

/** An EVM address as the API answers it: 0x and 40 hex digits, checksummed. */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .meta({ example: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" });

/** An EVM address in a request, in any letter case; parsed into its checksummed form. */
export const addressInputSchema = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), "not an EVM address")
  .transform((value) => getAddress(value))
  .meta({ example: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" });

/** GOLD (or share) base units as a decimal integer string: 18 decimals, never a float; at most a uint256. */
export const baseUnitsSchema = z
  .string()
  .regex(/^\d{1,78}$/, "base units: a decimal integer string")
  .meta({ example: "1500000000000000000000" });

/** An invoice's ERC-1155 token id (a crop's id too): a positive decimal integer string. */
export const tokenIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,77}$/, "a token id: a positive decimal integer")
  .meta({ example: "1" });

/** A transaction hash or another 32-byte value as the chain gives it: 0x and 64 lower-case hex digits. */
export const bytes32Schema = z.string().regex(/^0x[0-9a-f]{64}$/);

/** The roles a signed-in wallet can hold: every wallet invests; `farmer` once registered; `admin` by ADMIN_ROLE. */
export const roleSchema = z.enum(["investor", "farmer", "admin"]);
export type Role = z.infer<typeof roleSchema>;

/** Cursor pagination: an opaque cursor from the previous page and a bounded page size. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
