import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../testing/stub-api";
import { AnswerContractError } from "./answer-check";
import { ApiError } from "./api-error";
import { apiFetch, apiPost } from "./client";
import { apiErrorMessage } from "./error-message";

function answer(status: number, body: string, contentType = "application/json") {
  return vi.fn(async () => new Response(body, { status, headers: { "content-type": contentType } }));
}

describe("apiFetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("parses the API error format into an ApiError with code, message, status and details", async () => {
    vi.stubGlobal(
      "fetch",
      answer(
        422,
        JSON.stringify({ error: { code: "FARMER_NOT_APPROVED", message: "Not yet", details: { a: 1 } } }),
      ),
    );
    const failure = await apiFetch("/invoices").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      code: "FARMER_NOT_APPROVED",
      message: "Not yet",
      details: { a: 1 },
    });
  });

  it("keeps the request id of an error, from the body or else the X-Request-Id header, for the message", async () => {
    const requestId = "4f3a9c1b-0000-4000-8000-000000000000";
    vi.stubGlobal(
      "fetch",
      answer(503, JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "Down", requestId } })),
    );
    const failure = await apiFetch("/stats").catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, requestId });
    const t = (key: string, vars?: Record<string, string | number>) =>
      key === "api.requestRef"
        ? `(reference ${vars?.id})`
        : key === "api.SERVER_ERROR"
          ? "Server problem."
          : key;
    expect(apiErrorMessage(failure, t)).toBe("Server problem. (reference 4f3a9c1b)");

    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response("<html>bad gateway</html>", { status: 502, headers: { "x-request-id": requestId } }),
      ),
    );
    await expect(apiFetch("/stats")).rejects.toMatchObject({ code: "SERVER_ERROR", requestId });
  });

  it("turns a non-JSON server failure into SERVER_ERROR", async () => {
    vi.stubGlobal("fetch", answer(502, "<html>bad gateway</html>", "text/html"));
    await expect(apiFetch("/stats")).rejects.toMatchObject({ status: 502, code: "SERVER_ERROR" });
  });

  it("reports an unreachable server as NETWORK_ERROR with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(apiFetch("/stats")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });

  it("keeps big integers as strings and sends JSON with the session cookie to /api", async () => {
    const txHash = `0x${"ab".repeat(32)}`;
    const calls = stubApi(
      () =>
        new Response(JSON.stringify({ tokenId: "1500000000000000000000", status: "pending", txHash }), {
          status: 201,
          headers: { "content-type": "application/json" },
        }),
    );
    const result = await apiPost<{ tokenId: string }>(
      "/invoices",
      { amount: "1" },
      { "idempotency-key": "k" },
    );
    expect(result.tokenId).toBe("1500000000000000000000");
    expect(calls.map((call) => call.url)).toEqual(["/api/invoices"]);
    const init = calls[0]!.init!;
    expect(init.credentials).toBe("include");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"amount":"1"}');
    expect((init.headers as Record<string, string>)["idempotency-key"]).toBe("k");
  });
});

describe("a 429", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads its Retry-After and says how long to wait", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message: "Slow down" } }), {
            status: 429,
            headers: { "content-type": "application/json", "retry-after": "42" },
          }),
      ),
    );
    const failure = await apiFetch("/auth/nonce").catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 42 });
    const { createTranslate } = await import("../i18n/translate");
    const { walletWords } = await import("../i18n/wallet-words");
    const t = createTranslate(walletWords.en, walletWords.en, "en");
    expect(apiErrorMessage(failure, t)).toMatch(/^Too many attempts\. Try again in 42 seconds\./);
  });
});

describe("answers in development and tests", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are parsed with core's schema for their operation, and one that drifted fails loudly", async () => {
    vi.stubGlobal("fetch", answer(200, JSON.stringify({ nonce: "abcdefgh12345678" })));
    await expect(apiFetch("/auth/nonce")).resolves.toEqual({ nonce: "abcdefgh12345678" });

    // The API renamed a field: the call that met it fails instead of a page showing nothing.
    vi.stubGlobal("fetch", answer(200, JSON.stringify({ nonceValue: "abcdefgh12345678" })));
    await expect(apiFetch("/auth/nonce")).rejects.toThrow(AnswerContractError);
    vi.stubGlobal("fetch", answer(200, JSON.stringify({ crops: [{ cropId: 7 }] })));
    await expect(apiFetch("/crops")).rejects.toThrow(/GET \/api\/crops answered outside core's schema/);
    vi.stubGlobal("fetch", answer(200, JSON.stringify({ tokenId: "7", status: "pending", txHash: "0x1" })));
    await expect(apiPost("/invoices", {})).rejects.toThrow(
      /POST \/api\/invoices answered 200; the contract says 201/,
    );
  });

  it("leave byte and empty answers alone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiPost("/auth/logout")).resolves.toBeUndefined();
  });
});
