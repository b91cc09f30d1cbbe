import { describe, expect, it } from "vitest";
import { investorForm, investorVerification } from "./fixtures";
import { randomAccount, signIn, type TestApp, testBackends, withAdminApp } from "./helpers";

// An investor's GOLD limit is their Rupiah income at RUPIAH_PER_GOLD: a deployment without a rate cannot set one.
describe.each(testBackends)("an approval without a Rupiah rate on $name", ({ kind }) => {
  let t: TestApp;
  let adminCookie: string;
  withAdminApp(
    kind,
    (app, cookie) => {
      [t, adminCookie] = [app, cookie];
    },
    { RUPIAH_PER_GOLD: "", RUPIAH_RATE_SOURCE: "", RUPIAH_RATE_DATE: "" },
  );

  it("answers 409 CONFLICT naming the missing rate and leaves the verification pending", async () => {
    expect(t.app.config.rupiahPerGold).toBeNull();
    const cookie = await signIn(t.app, randomAccount());
    const form = investorForm(investorVerification());
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/investors/verification",
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = await t.app.inject({
      method: "POST",
      url: `/api/admin/investors/${sent.json().id}/approve`,
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("RUPIAH_PER_GOLD"),
    });
    const me = await t.app.inject({ method: "GET", url: "/api/investors/me", headers: { cookie } });
    expect(me.json()).toMatchObject({ verification: { status: "pending" }, credential: null });
  });
});
