import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";
import { productionEnv } from "../fixtures";

describe("notification settings", () => {
  it("production refuses to start without SMTP_URL (and the apps' URLs) while e-mail is on", () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = productionEnv;
    expect(() => loadConfig(withoutSmtp)).toThrow(ConfigError);
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL: required in production/);
    const { NOTIFY_PORTAL_URL: _portal, ...withoutPortal } = productionEnv;
    expect(() => loadConfig(withoutPortal)).toThrow(/NOTIFY_PORTAL_URL/);
    expect(loadConfig({ ...withoutSmtp, NOTIFY_EMAIL: "false" }).notifications.email).toBe(false);
    expect(loadConfig(productionEnv).notifications).toMatchObject({
      email: true,
      smtpUrl: "smtp://mail.farm.example:587",
      portalUrl: "https://farmer.farm.example",
    });
  });

  it("sends no e-mail outside production without SMTP_URL, and refuses a non-SMTP URL", () => {
    expect(loadConfig({}).notifications.email).toBe(false);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
  });
});
