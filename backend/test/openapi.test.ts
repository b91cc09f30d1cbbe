import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers";

describe("the OpenAPI document", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("is valid OpenAPI for a client generator (@apidevtools/swagger-parser)", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(reply.statusCode).toBe(200);
    const document = reply.json();
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    // The validator does refuse a broken document: a response without its description.
    const broken = structuredClone(document);
    delete broken.paths["/api/health"].get.responses["200"].description;
    await expect(SwaggerParser.validate(broken)).rejects.toThrow();
  });

  it("passes `redocly lint` (recommended rules) with no errors", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    const dir = await mkdtemp(join(tmpdir(), "farm-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      await writeFile(file, reply.body);
      const lint = async (path: string) => {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js"), "lint", path, "--format=json"],
          { cwd: dir, maxBuffer: 32 * 1024 * 1024 },
        ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
        const report = JSON.parse(stdout) as {
          problems: { severity: string; ruleId: string; message: string }[];
        };
        return report.problems.filter((problem) => problem.severity === "error");
      };
      expect(await lint(file)).toEqual([]);
      // The linter does find errors: the same document with one public operation's security left unsaid.
      const broken = reply.json();
      delete broken.paths["/api/health"].get.security;
      await writeFile(file, JSON.stringify(broken));
      expect((await lint(file)).map((problem) => problem.ruleId)).toContain("security-defined");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("documents every status an operation can answer, errors with the one error schema", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const [path, operations] of Object.entries<
      Record<string, { responses: object; security?: object[] }>
    >(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(["429", "500", "503"]));
        if (operation.security?.length) expect(statuses, `${method} ${path}`).toContain("401");
        if (method !== "get") expect(statuses, `${method} ${path}`).toContain("403");
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const body = (
            operation.responses as Record<string, { content?: Record<string, { schema: object }> }>
          )[status]?.content?.["application/json"]?.schema;
          // Path health answers 503 with its own report; every other error is the one error body.
          if (path === "/api/health") continue;
          expect(body, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        }
      }
    }
  });

  it("describes the multipart bodies: a JSON part and each file", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const bodyOf = (path: string) =>
      document.paths[path].post.requestBody.content["multipart/form-data"].schema;
    expect(bodyOf("/api/farmers/register")).toMatchObject({
      required: ["profile", "ktp", "npwp", "bankStatement"],
      properties: { profile: { contentMediaType: "application/json" }, ktp: { format: "binary" } },
    });
    expect(bodyOf("/api/investors/verification")).toMatchObject({
      required: ["verification", "ktp"],
      properties: { verification: { contentMediaType: "application/json" }, ktp: { format: "binary" } },
    });
    expect(bodyOf("/api/invoices")).toMatchObject({
      required: ["invoice", "document"],
      properties: { invoice: { contentMediaType: "application/json" }, deliveryProof: { format: "binary" } },
    });
  });
});
