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

/**
 * Characters no name or note needs and an attacker uses: C0/C1 controls and the bidirectional overrides, marks and
 * isolates that make a wallet or page show text in another order than it is stored (a "Trojan Source" name).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for.
const UNSAFE_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, "gu");
const LINE_BREAKS = /[\t\n]/;

/** Whether free text holds a control or bidi character (tabs and line breaks only where `multiline`). */
export function hasUnsafeText(text: string, multiline = false): boolean {
  return UNSAFE_TEXT.test(text) || (!multiline && LINE_BREAKS.test(text));
}

/** Free text a person types and others see (names, crops, notes): trimmed, bounded, no control or bidi characters. */
export function plainTextSchema(min: number, max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((text) => !hasUnsafeText(text, options.multiline), {
      message: "must not contain control or text-direction characters",
      params: { unsafeText: true },
    });
}

/** The text with every control and bidi character removed: for output of text stored before input was checked. */
export function withoutUnsafeText(text: string): string {
  return text.replace(UNSAFE_TEXT_ALL, "").replace(/[\t\n\r]+/g, " ");
}

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
