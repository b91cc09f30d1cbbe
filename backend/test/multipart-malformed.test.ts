import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { invoiceForm, invoiceRequest } from "./fixtures";
import { randomAccount, type TestApp } from "./helpers";

/**
 * Broken multipart bodies are the sender's fault: 400 (413 for a field over its limit) in the one error format, and
 * never a stack trace at error level in the log.
 */
describe("malformed multipart bodies (anvil)", { timeout: 20_000 }, () => {
  let farm: FarmChain;
  let t: TestApp;
  let cookie = "";
  const logLines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    farm = await startFarmChain();
    const logStream = new PassThrough();
    logStream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n"))
        if (line.trim().startsWith("{")) logLines.push(JSON.parse(line));
    });
    t = await startChainApp(farm, "embedded", { LOG_LEVEL: "info", LOG_FORMAT: "json" }, logStream);
    ({ cookie } = await signInFarmer(t, randomAccount()));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const post = (contentType: string, payload: Buffer | string) =>
    t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie, "content-type": contentType },
      payload,
    });

  const form = () => invoiceForm(invoiceRequest(`MAL-${Math.random()}`));
  const errorLines = () => logLines.filter((line) => line.level >= 50);

  it("answers 400 to a multipart body without a boundary", async () => {
    const reply = await post("multipart/form-data", form().payload);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 400 to a truncated multipart body", async () => {
    const { payload, headers } = form();
    const reply = await post(headers["content-type"]!, payload.subarray(0, Math.floor(payload.length / 2)));
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 413 to an invoice field over 16 KB, not 'not valid JSON'", async () => {
    const { payload, headers } = invoiceForm({ ...invoiceRequest("MAL-2"), description: "x".repeat(17_000) });
    const reply = await post(headers["content-type"]!, payload);
    expect(reply.statusCode, reply.body).toBe(413);
    expect(reply.json().error).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(reply.json().error.message).not.toMatch(/JSON/);
  });

  it("logs none of them at error level", () => {
    expect(errorLines(), JSON.stringify(errorLines()).slice(0, 1500)).toEqual([]);
  });
});
