import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { investorForm, investorVerification } from "./fixtures";
import { randomAccount, registerFarmer, signIn, startTestApp, type TestApp, testBackends } from "./helpers";

describe.each(testBackends)("an admin's decisions on its own wallet on $name", ({ kind }) => {
  let t: TestApp;
  const [first, second] = [randomAccount(), randomAccount()];
  let firstCookie: string;
  let secondCookie: string;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      env: { ADMIN_ADDRESSES: `${first.address.toLowerCase()},${second.address.toLowerCase()}` },
    });
    [firstCookie, secondCookie] = [await signIn(t.app, first), await signIn(t.app, second)];
  });
  afterAll(() => t?.close());

  const post = (url: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload });
  const refusal = (reply: { statusCode: number; json(): { error: { code: string } } }) => [
    reply.statusCode,
    reply.json().error.code,
  ];
  async function verification(cookie: string): Promise<string> {
    const body = investorForm(investorVerification());
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/investors/verification",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().id as string;
  }

  it("refuses its own KYC registration (403 OWN_WALLET_DECISION); another admin decides it", async () => {
    const farmerId = await registerFarmer(t.app, firstCookie);
    const own = `/api/admin/farmers/${farmerId}`;
    expect(refusal(await post(`${own}/approve`, firstCookie))).toEqual([403, "OWN_WALLET_DECISION"]);
    expect(refusal(await post(`${own}/reject`, firstCookie, { reason: "No." }))).toEqual([
      403,
      "OWN_WALLET_DECISION",
    ]);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/farmers/me",
      headers: { cookie: firstCookie },
    });
    expect(me.json()).toMatchObject({ id: farmerId, status: "pending_review" });
    const approved = await post(`${own}/approve`, secondCookie);
    expect([approved.statusCode, approved.json().status]).toEqual([200, "approved"]);
  });

  it("refuses its own investor verification and moving one to its own wallet; another admin decides", async () => {
    const own = `/api/admin/investors/${await verification(firstCookie)}`;
    expect(refusal(await post(`${own}/approve`, firstCookie))).toEqual([403, "OWN_WALLET_DECISION"]);
    expect(refusal(await post(`${own}/reject`, firstCookie, { reason: "Not mine to judge" }))).toEqual([
      403,
      "OWN_WALLET_DECISION",
    ]);
    expect(refusal(await post(`${own}/freeze`, firstCookie, { frozen: false, reason: "Lift it" }))).toEqual([
      403,
      "OWN_WALLET_DECISION",
    ]);
    const someone = `/api/admin/investors/${await verification(await signIn(t.app, randomAccount()))}`;
    expect(refusal(await post(`${someone}/rebind`, secondCookie, { wallet: second.address }))).toEqual([
      403,
      "OWN_WALLET_DECISION",
    ]);
    const rejected = await post(`${own}/reject`, secondCookie, { reason: "KTP unreadable" });
    expect([rejected.statusCode, rejected.json().status]).toEqual([200, "rejected"]);
  });
});
