import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedCoding } from "../src/accept-encoding";
import { COMPRESS_MIN_BYTES, growingAnswers } from "../src/plugins/compress-answers";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

describe("acceptedCoding", () => {
  it("takes brotli, then gzip, as the client accepts them", () => {
    expect(acceptedCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedCoding("gzip, deflate")).toBe("gzip");
    expect(acceptedCoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedCoding("*")).toBe("br");
    expect(acceptedCoding("*;q=0, gzip")).toBe("gzip");
    expect(acceptedCoding("GZIP")).toBe("gzip");
    // Among what is offered: a built file without a brotli copy goes out in gzip.
    expect(acceptedCoding("br, gzip", { br: false, gzip: true })).toBe("gzip");
    expect(acceptedCoding("br", { br: false, gzip: true })).toBeNull();
  });

  it("answers as it is when the client accepts neither", () => {
    for (const header of [undefined, "", "identity", "deflate", "br;q=0, gzip;q=0", "*;q=0", "gzip;q=x"])
      expect(acceptedCoding(header), String(header)).toBeNull();
  });
});

describe.each(testBackends)("compressed answers on $name", ({ kind }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    const player = await signedInPlayer(t);
    cookie = player.cookie;
    for (let i = 0; i < 20; i += 1) await seedCrop(t.app.db, { holder: player.address });
  });
  afterAll(() => t.close());

  const crops = (acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/crops",
      headers: { cookie, ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) },
    });

  it("sends a wallet's crops in brotli or gzip as the browser accepts, the same bytes once decoded", async () => {
    const plain = await crops();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 10);
    // What the client decodes is the answer the OpenAPI document describes, byte for byte (its clock aside).
    const sameClock = (body: string) => body.replace(/"asOf":"[^"]+"/, "");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      const reply = await crops(accept);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-encoding"]).toBe(encoding);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(reply.headers["content-length"])).toBe(reply.rawPayload.length);
      expect(reply.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(sameClock(decode(reply.rawPayload).toString("utf8"))).toBe(sameClock(plain.body));
    }
    expect((await crops("identity")).headers["content-encoding"]).toBeUndefined();
  });

  it("leaves small answers and the other routes as they are", async () => {
    const config = await t.app.inject({
      method: "GET",
      url: "/api/config",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(config.headers["content-encoding"]).toBeUndefined();
    expect(config.headers.vary ?? "").not.toMatch(/accept-encoding/i);
    // An error answer on a compressing route is small: as it is.
    const signedOut = await t.app.inject({
      method: "GET",
      url: "/api/crops",
      headers: { "accept-encoding": "br" },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers["content-encoding"]).toBeUndefined();
    expect(signedOut.json().error.code).toBeTypeOf("string");
  });

  it("names only routes that exist (a renamed route cannot drop out unnoticed)", () => {
    const routes = t.app.responseContract.routes;
    for (const url of growingAnswers) expect(routes.has(`GET ${url}`), url).toBe(true);
  });
});
