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
});
