import { apiAnswers, apiOperationOf } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notJsonOperations as notJson } from "./byte-operations";
import { startTestApp, type TestApp } from "./helpers";

describe("core's apiAnswers is the API's one contract", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("holds every backend route to its entry: same success status, the very same schema", () => {
    const routes = t.app.responseContract.routes;
    for (const [operation, { status, schema }] of Object.entries(apiAnswers)) {
      const documented = routes.get(operation);
      expect(documented, operation).toBeDefined();
      expect(documented?.[status] === schema, `${operation} answers ${status} with core's schema`).toBe(true);
    }
  });

  it("lists every JSON operation the backend serves", () => {
    const served = [...t.app.responseContract.routes.keys()].filter((route) => !route.startsWith("HEAD "));
    const unlisted = served.filter((route) => !(route in apiAnswers)).sort();
    expect(unlisted).toEqual([...notJson].sort());
  });

  it("finds the operation of a request URL: parameters, queries, literal segments before parameters", () => {
    expect(apiOperationOf("GET", "/api/invoices?status=approved&limit=20")).toBe("GET /api/invoices");
    expect(apiOperationOf("GET", "/api/invoices/17")).toBe("GET /api/invoices/:tokenId");
    expect(apiOperationOf("get", "/api/invoices/17/evidence")).toBe("GET /api/invoices/:tokenId/evidence");
    expect(apiOperationOf("GET", "/api/farmers/me")).toBe("GET /api/farmers/me");
    expect(apiOperationOf("GET", "/api/farmers/0xabc")).toBe("GET /api/farmers/:id");
    expect(apiOperationOf("POST", "/api/invoices/17")).toBeNull();
    expect(apiOperationOf("GET", "/api/invoices//evidence")).toBeNull();
  });
});
