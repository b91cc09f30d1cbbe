import { type ErrorBody, errorCodes } from "@farm/core";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { Dependency } from "../resilience/outages";
import { outageOf } from "./dependency";
import { AppError, isMalformedMultipart, malformedMultipart } from "./index";
import { pgErrorCode } from "./pg";

function send(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  const body: ErrorBody = {
    error: { code, message, ...(details === undefined ? {} : { details }), requestId: reply.request.id },
  };
  return reply.status(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
}

/** Fastify's and its plugins' own error codes, mapped to the API's codes and sentences a person can act on. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: errorCodes.malformedJson,
    message: "The body is not valid JSON",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.malformedJson,
    message: "The body is empty but the content type says JSON",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: "This content type is not accepted here",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.validationFailed,
    message: "Content-Length does not match the body",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: "The body is too large",
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: errorCodes.payloadTooLarge, message: "A file is too large" },
  FST_FILES_LIMIT: { status: 413, code: errorCodes.payloadTooLarge, message: "Too many files" },
  FST_FIELDS_LIMIT: { status: 413, code: errorCodes.payloadTooLarge, message: "Too many fields" },
  FST_PARTS_LIMIT: { status: 413, code: errorCodes.payloadTooLarge, message: "Too many parts" },
  FST_PROTO_VIOLATION: { status: 400, code: errorCodes.validationFailed, message: "Forbidden field name" },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: errorCodes.validationFailed,
    message: "The multipart body was cut short; send the form again",
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: "Send multipart/form-data",
  },
};

/** What a person reads when a dependency is away; the request can be retried as it is. */
const outageMessages: Record<Dependency, string> = {
  database: "The database is unavailable; try again in a moment",
  cache: "The session store is unavailable; try again in a moment",
  chain: "The blockchain node is unreachable; nothing was sent, try again in a moment",
  storage: "The document storage is unavailable; try again in a moment",
};

/** One error format for everything: our own errors, validation, Fastify's, multipart's, unknown routes. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An outage first: whatever wrapped it, the answer is a fast 503 and the log gets one line per outage.
    const outage = outageOf(error);
    if (outage) {
      app.outages.failed(outage.dependency, outage.code);
      reply.header("Retry-After", "1");
      return send(reply, 503, errorCodes.serviceUnavailable, outageMessages[outage.dependency], {
        dependency: outage.dependency,
      });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, "request failed");
      return send(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(
        reply,
        400,
        errorCodes.validationFailed,
        `Invalid ${error.validationContext ?? "request"}`,
        {
          issues: error.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, "").split("/").filter(Boolean),
            message: issue.message,
          })),
        },
      );
    }
    // A value PostgreSQL cannot take (data exception, SQLSTATE class 22) came from the request: bad input, not a 500.
    if (/^22[0-9A-Z]{3}$/.test(pgErrorCode(error) ?? ""))
      return send(reply, 400, errorCodes.validationFailed, "A value in the request is not valid");
    if (isMalformedMultipart(error)) {
      const malformed = malformedMultipart();
      return send(reply, malformed.statusCode, malformed.code, malformed.message);
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return send(reply, known.status, known.code, known.message);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return send(reply, 500, errorCodes.internal, "Something went wrong on our side");
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? errorCodes.notFound : errorCodes.validationFailed;
      return send(reply, status, code, error.message || "Bad request");
    }
    request.log.error({ err: error }, "request failed");
    return send(reply, 500, errorCodes.internal, "Something went wrong on our side");
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, errorCodes.notFound, `No route ${request.method} ${request.url.split("?")[0]}`),
  );
});
