import { z } from "zod";

/** The one error body of the whole API: a stable machine code, a sentence a person can act on, optional details. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .regex(/^[A-Z][A-Z0-9_]*$/)
        .meta({ example: "VALIDATION_FAILED" }),
      message: z.string(),
      details: z.unknown().optional(),
      /** The request's id (also in the X-Request-Id header): quote it to support, find it in the logs. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes the platform itself answers with; other areas add their own SCREAMING_SNAKE codes. */
export const errorCodes = {
  validationFailed: "VALIDATION_FAILED",
  malformedJson: "MALFORMED_JSON",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimited: "RATE_LIMITED",
  serviceUnavailable: "SERVICE_UNAVAILABLE",
  internal: "INTERNAL_ERROR",
} as const;
