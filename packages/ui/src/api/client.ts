import { ApiError, toApiError } from "./api-error";

/** Everything goes to the same origin's `/api`; the app's dev server or reverse proxy forwards it to the backend. */
export const API_BASE = "/api";

export type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the Farm API with the session cookie. Resolves with the parsed JSON (money stays a decimal string:
 * convert with `toGold`), rejects with an ApiError carrying the API's code and message.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const isForm = typeof FormData !== "undefined" && request.body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  let body: BodyInit | undefined;
  if (request.body !== undefined) {
    if (isForm) body = request.body as FormData;
    else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body);
    }
  }
  const method = request.method ?? (body === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body,
      credentials: "include",
      signal: request.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "NETWORK_ERROR", "The server could not be reached.");
  }
  const parsed = await readBody(response);
  if (!response.ok) {
    const { headers } = response;
    throw toApiError(response.status, parsed, headers.get("x-request-id"), headers.get("retry-after"));
  }
  // Development and tests parse every answer with core's schema for it; production builds drop this branch.
  if (import.meta.env.DEV || import.meta.env.MODE === "test") {
    const { checkAnswer } = await import("./answer-check");
    checkAnswer(method, `${API_BASE}${path}`, response.status, parsed);
  }
  return parsed as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, signal ? { signal } : {});

export const apiPost = <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
  apiFetch<T>(path, { method: "POST", body: body ?? {}, ...(headers ? { headers } : {}) });
