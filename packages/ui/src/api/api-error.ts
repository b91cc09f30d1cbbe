/** An error answered by the Farm API in its one error format, or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** The API's id of the request (X-Request-Id), so a person can quote it and support can find it in the logs. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

type ErrorBody = { error: { code: string; message: string; details?: unknown; requestId?: string } };

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== "object" || body === null || !("error" in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

/**
 * Turns a failed response's status and parsed body into an ApiError, whatever the body holds. The request id comes
 * from the body or else the X-Request-Id header (a proxy's own error page has neither).
 */
export function toApiError(status: number, body: unknown, requestIdHeader?: string | null): ApiError {
  if (isErrorBody(body)) {
    const requestId = typeof body.error.requestId === "string" ? body.error.requestId : requestIdHeader;
    return new ApiError(
      status,
      body.error.code,
      body.error.message,
      body.error.details,
      requestId ?? undefined,
    );
  }
  return new ApiError(
    status,
    status >= 500 ? "SERVER_ERROR" : "HTTP_ERROR",
    `The server answered ${status}.`,
    undefined,
    requestIdHeader ?? undefined,
  );
}
