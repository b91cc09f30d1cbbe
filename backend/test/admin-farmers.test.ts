import type { LocalAccount } from "viem";
import { describe, expect, it } from "vitest";
import { randomAccount, registerFarmer, signIn, type TestApp, testBackends, withAdminApp } from "./helpers";

describe.each(testBackends)("admin farmer review on $name", ({ kind }) => {
  let t: TestApp;
  let admin: LocalAccount;
  let adminCookie: string;
  withAdminApp(kind, (app, cookie, account) => {
    [t, adminCookie, admin] = [app, cookie, account];
  });

  async function registered(cookie?: string) {
    const farmerCookie = cookie ?? (await signIn(t.app, randomAccount()));
    return { cookie: farmerCookie, farmerId: await registerFarmer(t.app, farmerCookie) };
  }

  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function auditRows(farmerId: string) {
    const result = (await t.app.db.execute(
      `select admin_address, action, status_before, status_after, reason, created_at from farmer_reviews where farmer_id = '${farmerId}' order by created_at` as never,
    )) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  }

  it("gives a wallet in ADMIN_ADDRESSES the admin role", async () => {
    const session = await t.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: adminCookie },
    });
    expect(session.json().roles).toEqual(["investor", "admin"]);
  });

  it("lists pending registrations oldest first, page by page", async () => {
    const ids = [(await registered()).farmerId, (await registered()).farmerId, (await registered()).farmerId];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `status=pending_review&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await t.app.inject({
        method: "GET",
        url: `/api/admin/farmers?${query}`,
        headers: { cookie: adminCookie },
      });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      for (const item of body.items) expect(item.status).toBe("pending_review");
      seen.push(...body.items.map((item: { id: string }) => item.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("shows admins identifiers in clear", async () => {
    const { farmerId } = await registered();
    const page = await t.app.inject({
      method: "GET",
      url: "/api/admin/farmers?limit=100",
      headers: { cookie: adminCookie },
    });
    const item = page.json().items.find((i: { id: string }) => i.id === farmerId);
    expect(item.personal.nik).toMatch(/^\d{16}$/);
    expect(item.documents).toHaveLength(3);
  });

  it("answers 400 to a cursor it never gave out and to a bad status", async () => {
    const badCursor = await t.app.inject({
      method: "GET",
      url: "/api/admin/farmers?cursor=xyz",
      headers: { cookie: adminCookie },
    });
    expect(badCursor.statusCode).toBe(400);
    const badStatus = await t.app.inject({
      method: "GET",
      url: "/api/admin/farmers?status=maybe",
      headers: { cookie: adminCookie },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("refuses the queue to a non-admin with 403 and to an anonymous caller with 401", async () => {
    const investor = await signIn(t.app, randomAccount());
    const forbidden = await t.app.inject({
      method: "GET",
      url: "/api/admin/farmers",
      headers: { cookie: investor },
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/farmers" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("approves a pending farmer and records who, when, before and after", async () => {
    const { farmerId, cookie } = await registered();
    const reply = await post(`/api/admin/farmers/${farmerId}/approve`, adminCookie);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ id: farmerId, status: "approved", reviewedAt: expect.any(String) });
    const rows = await auditRows(farmerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      admin_address: admin.address,
      action: "approve",
      status_before: "pending_review",
      status_after: "approved",
      reason: null,
    });
    const me = await t.app.inject({ method: "GET", url: "/api/farmers/me", headers: { cookie } });
    expect(me.json().status).toBe("approved");
    const profile = await t.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } });
    expect(profile.json().farmer.status).toBe("approved");
  });

  it("answers 409 to deciding a registration that is no longer pending", async () => {
    const { farmerId } = await registered();
    expect((await post(`/api/admin/farmers/${farmerId}/approve`, adminCookie)).statusCode).toBe(200);
    const again = await post(`/api/admin/farmers/${farmerId}/reject`, adminCookie, {
      reason: "changed my mind",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("FARMER_NOT_PENDING");
    expect(await auditRows(farmerId)).toHaveLength(1);
  });

  it("rejects with a reason the farmer sees, then accepts a re-submission and drops the old documents", async () => {
    const { farmerId, cookie } = await registered();
    const keysBefore = await t.storedKeys();
    const reply = await post(`/api/admin/farmers/${farmerId}/reject`, adminCookie, {
      reason: "KTP photo is blurred",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ status: "rejected", rejectionReason: "KTP photo is blurred" });
    expect(await auditRows(farmerId)).toMatchObject([
      { action: "reject", status_after: "rejected", reason: "KTP photo is blurred" },
    ]);

    const resubmitted = await registered(cookie);
    expect(resubmitted.farmerId).toBe(farmerId);
    const me = (await t.app.inject({ method: "GET", url: "/api/farmers/me", headers: { cookie } })).json();
    expect(me).toMatchObject({ status: "pending_review", rejectionReason: null });
    const keysAfter = await t.storedKeys();
    expect(keysAfter.length).toBe(keysBefore.length);
    expect(keysAfter).not.toEqual(keysBefore);
  });

  it("shows admins the history of decisions, newest first, with who, when and why; nobody else", async () => {
    const first = await registered();
    const second = await registered();
    await post(`/api/admin/farmers/${first.farmerId}/approve`, adminCookie);
    await post(`/api/admin/farmers/${second.farmerId}/reject`, adminCookie, {
      reason: "NPWP does not match",
    });
    const reply = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews",
      headers: { cookie: adminCookie },
    });
    expect(reply.statusCode).toBe(200);
    const items = reply.json().items as { farmerId: string }[];
    const mine = items.filter(
      (item) => item.farmerId === first.farmerId || item.farmerId === second.farmerId,
    );
    expect(mine).toMatchObject([
      {
        farmerId: second.farmerId,
        action: "reject",
        reason: "NPWP does not match",
        adminAddress: admin.address,
      },
      { farmerId: first.farmerId, action: "approve", reason: null, adminAddress: admin.address },
    ]);
    expect(Date.parse((mine[0] as unknown as { decidedAt: string }).decidedAt)).not.toBeNaN();
    const asFarmer = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews",
      headers: { cookie: first.cookie },
    });
    expect(asFarmer.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/reviews" })).statusCode).toBe(401);
  });

  it("answers 400 to a rejection without a reason", async () => {
    const { farmerId } = await registered();
    const reply = await post(`/api/admin/farmers/${farmerId}/reject`, adminCookie, {});
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.details.issues[0].path).toEqual(["reason"]);
  });

  it("answers 404 to deciding an unknown farmer and 403 to a non-admin", async () => {
    const unknown = await post(
      "/api/admin/farmers/00000000-0000-4000-8000-000000000000/approve",
      adminCookie,
    );
    expect(unknown.statusCode).toBe(404);
    const { farmerId, cookie } = await registered();
    const selfApproval = await post(`/api/admin/farmers/${farmerId}/approve`, cookie);
    expect(selfApproval.statusCode).toBe(403);
  });
});
