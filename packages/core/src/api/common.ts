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

/** The roles a signed-in wallet can hold: every wallet invests; `farmer` once registered; `admin` by ADMIN_ROLE. */
export const roleSchema = z.enum(["investor", "farmer", "admin"]);
export type Role = z.infer<typeof roleSchema>;

/** Cursor pagination: an opaque cursor from the previous page and a bounded page size. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
