import { z } from "zod";
import { addressSchema, roleSchema } from "./common";

export const nonceResponseSchema = z.object({ nonce: z.string() }).meta({ id: "SiweNonce" });

/** An EIP-4361 message as the wallet signed it and its signature. */
export const verifyRequestSchema = z
  .object({
    message: z.string().min(1).max(4000),
    signature: z.string().regex(/^0x[0-9a-fA-F]+$/, "a 0x-prefixed hex signature"),
  })
  .meta({ id: "SiweVerifyRequest" });
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const sessionResponseSchema = z
  .object({ address: addressSchema, roles: z.array(roleSchema) })
  .meta({ id: "Session" });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
