import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedPath } from "../src/plugins/log-privacy";
import { type ServedApps, startServedApps } from "./served-apps";

const confirmToken = "CONFIRMtokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const verifyToken = "VERIFYtokenBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";

const logged = (url: string, route?: string) =>
  loggedPath({ url, routeOptions: { url: route } as never, params: {} });

describe("loggedPath", () => {
  it("blanks the secret of an e-mailed link's app page, however the path is spelled", () => {
    for (const url of [
      `/confirm/${confirmToken}`,
      `/confirm/${confirmToken}?lang=id`,
      `/CONFIRM/${confirmToken}/`,
      `//confirm//${confirmToken}`,
      `/%63onfirm/${confirmToken}`,
      `/x/../confirm/${confirmToken}`,
    ])
      expect(logged(url, "/*"), url).toBe("/confirm/[redacted]");
    expect(logged(`/email/verify/${verifyToken}`, "/*")).toBe("/email/verify/[redacted]");
    expect(logged(`/Email/%76erify/${verifyToken}`)).toBe("/email/verify/[redacted]");
  });

  it("blanks a link route's token when a misspelling matched no route", () => {
    expect(logged(`/api/confirmations/${confirmToken}/nothing`)).toBe("/api/confirmations/[redacted]");
    expect(logged(`/api/notifications/verify/${verifyToken}/x`)).toBe("/api/notifications/verify/[redacted]");
  });

  it("keeps every other path as requested, without its query", () => {
    expect(logged("/invoices?status=pending", "/*")).toBe("/invoices");
    expect(logged("/confirm", "/*")).toBe("/confirm");
    expect(logged("/seeds/12", "/*")).toBe("/seeds/12");
    expect(logged("/api/farmers/me?email=x")).toBe("/api/farmers/me");
  });
});

describe("request logs of the production server", () => {
  let served: ServedApps;
  let logText = "";
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on("data", (chunk: Buffer) => {
      logText += chunk.toString("utf8");
    });
    served = await startServedApps({ env: { LOG_LEVEL: "info", REQUEST_LOGGING: "true" }, logStream });
  });
  afterAll(() => served?.close());

  it("hold no token of the links e-mailed to buyers and to addresses being verified", async () => {
    const { portal, investor } = served;
    // The e-mails' links open the portal's pages; the apps' catch-all route answers them with index.html.
    expect((await fetch(`${portal}/confirm/${confirmToken}`)).status).toBe(200);
    expect((await fetch(`${portal}/email/verify/${verifyToken}`)).status).toBe(200);
    expect((await fetch(`${investor}/confirm/${confirmToken}?from=mail`)).status).toBe(200);
    // The pages' own API reads, and an unmatched spelling of one.
    await fetch(`${portal}/api/confirmations/${confirmToken}`);
    await fetch(`${portal}/api/notifications/verify/${verifyToken}`);
    await fetch(`${portal}/api/notifications/verify/${verifyToken}/x`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logText).toContain('"url":"/confirm/[redacted]"');
    expect(logText).toContain('"url":"/email/verify/[redacted]"');
    expect(logText).toContain('"url":"/api/notifications/verify/[redacted]"');
    expect(logText).not.toContain(confirmToken);
    expect(logText).not.toContain(verifyToken);
    expect(logText.toLowerCase()).not.toContain(confirmToken.toLowerCase());
  });
});
