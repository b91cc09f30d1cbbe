import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { anvilKeys } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { appPorts } from "../src/static/plugin";
import { productionEnv } from "./fixtures";
import { startTestApp, type TestApp } from "./helpers";
import { serverExit } from "./server-process";

/** A build as `npm run build` leaves it: hashed assets under assets/, each text file with .br and .gz beside it. */
async function writeBuild(dir: string, title: string): Promise<{ script: string }> {
  const script = `console.log(${JSON.stringify("x".repeat(4000))});\n`;
  const html = `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/index-4f2a9c.js"></script></head><body><div id="root"></div></body></html>`;
  const files: Record<string, string> = {
    "index.html": html,
    "assets/index-4f2a9c.js": script,
    "robots.txt": "User-agent: *\n",
  };
  for (const [path, text] of Object.entries(files)) {
    const target = join(dir, path);
    await mkdir(join(target, ".."), { recursive: true });
    await writeFile(target, text);
    if (text.length > 1000) {
      await writeFile(`${target}.br`, brotliCompressSync(text));
      await writeFile(`${target}.gz`, gzipSync(text));
    }
  }
  return { script };
}

describe("production server (npm run serve)", () => {
  let t: TestApp;
  let buildDir: string;
  let script: string;
  let investor: string;
  let farmer: string;
  let api: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(join(tmpdir(), "farm-serve-"));
    ({ script } = await writeBuild(join(buildDir, "investor"), "Investor"));
    await writeBuild(join(buildDir, "farmer"), "Farmer");
    t = await startTestApp({
      env: {
        SERVE_APPS: "true",
        INVESTOR_APP_PORT: "0",
        FARMER_PORTAL_PORT: "0",
        INVESTOR_APP_DIR: join(buildDir, "investor"),
        FARMER_PORTAL_DIR: join(buildDir, "farmer"),
        PUBLIC_RPC_URL: "https://rpc.example.org/v1/key",
        TRUST_PROXY: "true",
      },
    });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const ports = appPorts(t.app);
    investor = `http://127.0.0.1:${ports["investor-app"]}`;
    farmer = `http://127.0.0.1:${ports["farmer-portal"]}`;
    const address = t.app.server.address();
    api = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(buildDir, { recursive: true, force: true });
  });

  it("serves each app on its own port, with the app's routes answered by its index.html", async () => {
    for (const [origin, title] of [
      [investor, "Investor"],
      [farmer, "Farmer"],
    ] as const) {
      for (const path of ["/", "/shop", "/invoices/12"]) {
        const res = await fetch(`${origin}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(await res.text()).toContain(`<title>${title}</title>`);
      }
    }
    expect((await fetch(`${investor}/assets/missing-123.js`)).status).toBe(404);
    // The API's own port serves the API only.
    expect((await fetch(`${api}/shop`)).status).toBe(404);
  });

  it("caches hashed assets for a year as immutable and never caches HTML", async () => {
    const asset = await fetch(`${investor}/assets/index-4f2a9c.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const html = await fetch(`${investor}/`);
    expect(html.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${investor}/robots.txt`)).headers.get("cache-control")).toBe("no-cache");
    // A revalidation of unchanged HTML costs no body.
    const etag = html.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${investor}/`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("sends the build's brotli or gzip file as the client accepts, else the plain file", async () => {
    const url = `${investor}/assets/index-4f2a9c.js`;
    // Node's fetch would decompress on its own; the raw bytes are checked here.
    const raw = async (acceptEncoding: string) => {
      const res = await t.app.inject({ method: "GET", url: "/assets/index-4f2a9c.js" });
      expect(res.statusCode).toBe(404); // not on the API's port
      const { request } = await import("node:http");
      return new Promise<{ encoding: string | undefined; body: Buffer; vary: string | undefined }>(
        (resolve, reject) => {
          request(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                encoding: response.headers["content-encoding"],
                body: Buffer.concat(chunks),
                vary: response.headers.vary,
              }),
            );
          })
            .on("error", reject)
            .end();
        },
      );
    };
    const br = await raw("gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(br.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gz = await raw("gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const refused = await raw("br;q=0, gzip;q=0");
    expect(refused.encoding).toBeUndefined();
    expect(refused.body.toString()).toBe(script);
  });

  it("sets a strict CSP and the security headers; HSTS only over TLS", async () => {
    const res = await fetch(`${farmer}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' https://rpc.example.org");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    // Behind a TLS-terminating proxy (TRUST_PROXY) the browser did use HTTPS.
    const tls = await fetch(`${farmer}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const apiAnswer = await fetch(`${api}/api/health`);
    expect(apiAnswer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers /api on each app's port from the API itself (same origin, so the session cookie works)", async () => {
    const viaApp = await fetch(`${investor}/api/auth/nonce`);
    expect(viaApp.status).toBe(200);
    expect((await viaApp.json()) as object).toHaveProperty("nonce");
    const unknown = await fetch(`${farmer}/api/no-such-route`);
    expect(unknown.status).toBe(404);
    const body = (await unknown.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe("NOT_FOUND");
    // The request id of the answer is in its body and header, for the apps' messages and the logs.
    expect(body.error.requestId).toBe(unknown.headers.get("x-request-id"));
    expect((await fetch(`${investor}/metrics`)).status).toBe(404);
  });
});

describe("production configuration", () => {
  const production = productionEnv;

  it("starts with every required variable set", () => {
    const config = loadConfig(production);
    expect(config.chainId).toBe(84532);
    expect(config.indexer.confirmations).toBe(10);
    expect(config.metrics.enabled).toBe(false);
  });

  it.each([
    "DATABASE_URL",
    "REDIS_URL",
    "S3_BUCKET",
    "RPC_URL",
    "OPERATOR_PRIVATE_KEY",
    "SIWE_ALLOWED_ORIGINS",
    "PUBLIC_API_URL",
    "RUPIAH_PER_GOLD",
  ])("refuses to start without %s, naming it", (name) => {
    const env: Record<string, string> = { ...production, [name]: "" };
    if (name === "S3_BUCKET")
      for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) env[key] = "";
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`Invalid environment variable ${name}: `);
  });

  it("refuses a public development key as the operator's", () => {
    expect(() => loadConfig({ ...production, OPERATOR_PRIVATE_KEY: anvilKeys[1] })).toThrow(
      "Invalid environment variable OPERATOR_PRIVATE_KEY: is a public development key",
    );
  });

  it("refuses open metrics in production", () => {
    expect(() => loadConfig({ ...production, METRICS_ENABLED: "true" })).toThrow("METRICS_TOKEN");
    expect(loadConfig({ ...production, METRICS_TOKEN: "t".repeat(32) }).metrics).toEqual({
      enabled: true,
      token: "t".repeat(32),
    });
  });

  it("server.ts exits with status 1 and one line naming the missing variable", async () => {
    const { DATABASE_URL: _, ...withoutDatabase } = production;
    const { code, stderr } = await serverExit({ PATH: process.env.PATH, ...withoutDatabase });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "Invalid environment variable DATABASE_URL: required in production: embedded PGlite is one process's file, not a production database",
    ]);
  });

  it("npm run serve refuses to start, saying so plainly, when no contracts are deployed", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "farm-serve-nocontracts-"));
    const { code, stderr } = await serverExit({
      PATH: process.env.PATH,
      SERVE_APPS: "true",
      DATA_DIR: dataDir,
      DEPLOYMENTS_FILE: join(dataDir, "31337.json"),
    });
    await rm(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `npm run serve: no contracts are deployed for chain 31337: ${join(dataDir, "31337.json")} does not exist`,
    );
    expect(stderr).toContain("run `npm start`");
  });
});
