import { RISK_STATEMENT_VERSION } from "@farm/core";
import type { LocalAccount } from "viem";
import { describe, expect, it } from "vitest";
import { type FilePart, investorForm, investorVerification, ktpFile, pngBytes } from "./fixtures";
import { randomAccount, signIn, type TestApp, testBackends, withAdminApp } from "./helpers";

/** Seventeen years and a day short of eighteen at the server's date: never old enough, whatever the day. */
function seventeenYearsAgo(): string {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear() - 17, today.getUTCMonth(), today.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

describe.each(testBackends)("investor verification on $name", ({ kind }) => {
  let t: TestApp;
  let adminCookie: string;
  let admin: LocalAccount;
  withAdminApp(kind, (app, cookie, account) => {
    [t, adminCookie, admin] = [app, cookie, account];
  });

  const send = (cookie: string, verification: object, files: FilePart[] = [ktpFile()]) => {
    const body = investorForm(verification as Record<string, unknown>, files);
    return t.app.inject({
      method: "POST",
      url: "/api/investors/verification",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload });

  async function verified(overrides: Record<string, unknown> = {}) {
    const cookie = await signIn(t.app, randomAccount());
    const fields = investorVerification(overrides);
    const reply = await send(cookie, fields);
    expect(reply.statusCode, reply.body).toBe(201);
    return { cookie, id: reply.json().id as string, fields };
  }

  it("takes a verification (201, pending) and the wallet sees it waiting, without its NIK", async () => {
    const { cookie, id, fields } = await verified({
      tier: "professional",
      professionalReason: "I manage a family office's fixed-income book.",
    });
    const me = await get("/api/investors/me", cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      verification: {
        id,
        status: "pending",
        tier: "professional",
        annualIncomeRupiah: "240000000",
        reason: null,
      },
      credential: null,
      riskStatement: { currentVersion: RISK_STATEMENT_VERSION, acceptedVersion: null, acceptedAt: null },
      canInvest: false,
      blockedBy: "pending",
    });
    expect(me.body).not.toContain(fields.nik as string);
  });

  it("says an unknown wallet is unverified", async () => {
    const me = await get("/api/investors/me", await signIn(t.app, randomAccount()));
    expect(me.json()).toMatchObject({ verification: null, canInvest: false, blockedBy: "unverified" });
  });

  it("refuses a NIK another wallet holds (409 NIK_ALREADY_VERIFIED), storing nothing", async () => {
    const { fields } = await verified();
    const before = await t.storedKeys();
    const other = await signIn(t.app, randomAccount());
    const reply = await send(other, investorVerification({ nik: fields.nik }));
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.code).toBe("NIK_ALREADY_VERIFIED");
    expect(reply.json().error.message).toMatch(/another wallet/);
    expect(await t.storedKeys()).toEqual(before);
  });

  it("refuses a second verification while one is pending (409 VERIFICATION_PENDING)", async () => {
    const { cookie } = await verified();
    const reply = await send(cookie, investorVerification());
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.code).toBe("VERIFICATION_PENDING");
  });

  it.each([
    ["a 15-digit NIK", { nik: "320112345678901" }, "nik"],
    ["a NIK with letters", { nik: "32011234567890AB" }, "nik"],
    ["an investor under 18", { dateOfBirth: seventeenYearsAgo() }, "dateOfBirth"],
    ["a zero income", { annualIncomeRupiah: "0" }, "annualIncomeRupiah"],
    ["a decimal income", { annualIncomeRupiah: "1000.5" }, "annualIncomeRupiah"],
    ["an unknown tier", { tier: "institutional" }, "tier"],
    ["a professional without a reason", { tier: "professional" }, "professionalReason"],
    [
      "a professional reason under 20 characters",
      { tier: "professional", professionalReason: "rich" },
      "professionalReason",
    ],
    ["a one-letter name", { fullName: "B" }, "fullName"],
  ])(
    "answers 422 VERIFICATION_INVALID naming the field for %s, storing nothing",
    async (_, change, field) => {
      const cookie = await signIn(t.app, randomAccount());
      const before = await t.storedKeys();
      const reply = await send(cookie, investorVerification(change));
      expect(reply.statusCode).toBe(422);
      expect(reply.json().error.code).toBe("VERIFICATION_INVALID");
      expect(reply.json().error.details.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(
        field,
      );
      expect(reply.body).not.toContain("32011234567890");
      expect(await t.storedKeys()).toEqual(before);
    },
  );

  it("refuses a KTP that is not an image or PDF by its bytes (415) and one missing (400), leaving nothing", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = await t.storedKeys();
    const text = {
      ...ktpFile(Buffer.from("not an image at all")),
      filename: "ktp.png",
      contentType: "image/png",
    };
    expect((await send(cookie, investorVerification(), [text])).statusCode).toBe(415);
    expect((await send(cookie, investorVerification(), [])).statusCode).toBe(400);
    const png = { ...ktpFile(pngBytes), filename: "ktp.png", contentType: "image/png" };
    expect((await send(await signIn(t.app, randomAccount()), investorVerification(), [png])).statusCode).toBe(
      201,
    );
    expect((await t.storedKeys()).length).toBe(before.length + 1);
  });

  it("records the risk statement's current version once and refuses another (422)", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const wrong = await post("/api/investors/risk-acceptance", cookie, {
      version: RISK_STATEMENT_VERSION + 1,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      code: "RISK_STATEMENT_OUTDATED",
      details: { currentVersion: RISK_STATEMENT_VERSION },
    });
    const first = await post("/api/investors/risk-acceptance", cookie, { version: RISK_STATEMENT_VERSION });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      currentVersion: RISK_STATEMENT_VERSION,
      acceptedVersion: RISK_STATEMENT_VERSION,
    });
    const again = await post("/api/investors/risk-acceptance", cookie, { version: RISK_STATEMENT_VERSION });
    expect(again.json().acceptedAt).toBe(first.json().acceptedAt);
    expect((await get("/api/investors/me", cookie)).json().riskStatement.acceptedVersion).toBe(
      RISK_STATEMENT_VERSION,
    );
  });

  it("answers 401 without a session and 403 to a non-admin on the queue", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/investors/me" })).statusCode).toBe(401);
    const cookie = await signIn(t.app, randomAccount());
    expect((await get("/api/admin/investors", cookie)).statusCode).toBe(403);
  });

  it("lists the queue pending first, oldest first, page by page, with identity in clear for the admin", async () => {
    const ids = [(await verified()).id, (await verified()).id, (await verified()).id];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `status=pending&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await get(`/api/admin/investors?${query}`, adminCookie);
      expect(page.statusCode).toBe(200);
      for (const item of page.json().items) expect(item.status).toBe("pending");
      seen.push(...page.json().items.map((item: { id: string }) => item.id));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    const all = (await get("/api/admin/investors?limit=100", adminCookie)).json().items as {
      status: string;
    }[];
    const firstOther = all.findIndex((item) => item.status !== "pending");
    if (firstOther >= 0) expect(all.slice(firstOther).every((item) => item.status !== "pending")).toBe(true);
    expect((await get("/api/admin/investors?cursor=nonsense", adminCookie)).statusCode).toBe(400);
  });

  it("shows one verification to the admin in clear and serves its KTP as an attachment", async () => {
    const { id, fields } = await verified();
    const detail = await get(`/api/admin/investors/${id}`, adminCookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id,
      status: "pending",
      fullName: "Budi Santoso",
      nik: fields.nik,
      dateOfBirth: "1988-02-14",
      annualIncomeRupiah: "240000000",
      ktp: { contentType: "image/jpeg", sizeBytes: 40_000 },
      credential: null,
    });
    const ktp = await get(`/api/admin/investors/${id}/ktp`, adminCookie);
    expect(ktp.statusCode).toBe(200);
    expect(ktp.headers["content-type"]).toBe("image/jpeg");
    expect(ktp.headers["content-disposition"]).toBe('attachment; filename="ktp.jpg"');
    expect(ktp.headers["cache-control"]).toBe("private, no-store");
    expect(ktp.rawPayload.length).toBe(40_000);
    expect((await get(`/api/admin/investors/${crypto.randomUUID()}`, adminCookie)).statusCode).toBe(404);
  });

  it("rejects with a reason the investor reads (and is told), keeps it in the history, and lets the investor try again", async () => {
    const { cookie, id, fields } = await verified();
    const reply = await post(`/api/admin/investors/${id}/reject`, adminCookie, {
      reason: "The KTP photo is unreadable",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      status: "rejected",
      reason: "The KTP photo is unreadable",
      reviewedBy: admin.address,
    });
    const again = await post(`/api/admin/investors/${id}/reject`, adminCookie, { reason: "twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("VERIFICATION_NOT_PENDING");
    expect((await get("/api/investors/me", cookie)).json()).toMatchObject({
      verification: { status: "rejected", reason: "The KTP photo is unreadable" },
      blockedBy: "rejected",
    });
    const wallet = (await get("/api/investors/me", cookie)).json().wallet as string;
    const history = await get(`/api/admin/investors/reviews?wallet=${wallet.toLowerCase()}`, adminCookie);
    expect(history.json().items).toEqual([
      expect.objectContaining({
        verificationId: id,
        action: "reject",
        reason: "The KTP photo is unreadable",
        txHash: null,
      }),
    ]);
    const notices = await t.app.db.execute(
      `select kind, params from notifications where recipient = '${wallet.toLowerCase()}'` as never,
    );
    expect((notices as unknown as { rows: unknown[] }).rows).toContainEqual({
      kind: "investor_rejected",
      params: { reason: "The KTP photo is unreadable" },
    });
    // The same NIK may come back once refused.
    expect((await send(cookie, investorVerification({ nik: fields.nik }))).statusCode).toBe(201);
  });
});
