import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAccount, registerFarmer, signIn } from "./helpers";
import { type ServedApps, startServedApps } from "./served-apps";

// Each app's port answers /api under its own origin, and cookies ignore ports: the admin's portal session reaches the
// investor app's port too, where a same-origin read (fetch with credentials) sends no Origin header at all.
describe("admin powers through the investor app's port", () => {
  let served: ServedApps;
  const admin = randomAccount();
  let adminCookie: string;
  let farmerCookie: string;
  let farmerId: string;
  const get = (origin: string, path: string, cookie: string) =>
    fetch(`${origin}/api${path}`, {
      headers: { cookie, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" },
    });
  const codeOf = async (reply: Response) => ((await reply.json()) as { error: { code: string } }).error.code;

  beforeAll(async () => {
    served = await startServedApps({ env: { ADMIN_ADDRESSES: admin.address.toLowerCase() } });
    farmerCookie = await signIn(served.t.app, randomAccount());
    farmerId = await registerFarmer(served.t.app, farmerCookie);
    adminCookie = await signIn(served.t.app, admin);
  });
  afterAll(() => served?.close());

  it("refuses every admin route there with 403 PORTAL_ONLY, reads and writes alike", async () => {
    for (const path of [
      "/admin/farmers",
      "/admin/investors",
      "/admin/reviews",
      "/admin/notifications/dead",
    ]) {
      const reply = await get(served.investor, path, adminCookie);
      expect([path, reply.status, await codeOf(reply)]).toEqual([path, 403, "PORTAL_ONLY"]);
    }
    const approve = await fetch(`${served.investor}/api/admin/farmers/${farmerId}/approve`, {
      method: "POST",
      headers: { cookie: adminCookie, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: "{}",
    });
    expect([approve.status, await codeOf(approve)]).toEqual([403, "PORTAL_ONLY"]);
    // Nothing was decided.
    const queue = (await (await get(served.portal, "/admin/farmers", adminCookie)).json()) as {
      items: unknown[];
    };
    expect(queue.items[0]).toMatchObject({ id: farmerId, status: "pending_review" });
  });

  it("refuses another wallet's KYC documents there and shows only what any wallet sees of a farmer", async () => {
    const ktp = await get(served.investor, `/farmers/${farmerId}/documents/ktp`, adminCookie);
    expect([ktp.status, await codeOf(ktp)]).toEqual([403, "PORTAL_ONLY"]);
    // A registration under review is nobody's business but its farmer's and the admins' (on the portal).
    expect((await get(served.investor, `/farmers/${farmerId}`, adminCookie)).status).toBe(404);
  });

  it("keeps the admin's powers on the portal's port and the API's own", async () => {
    for (const origin of [served.portal, served.api]) {
      expect((await get(origin, "/admin/farmers", adminCookie)).status).toBe(200);
      const ktp = await get(origin, `/farmers/${farmerId}/documents/ktp`, adminCookie);
      expect([origin, ktp.status, ktp.headers.get("content-type")]).toEqual([origin, 200, "image/jpeg"]);
      expect(
        ((await (await get(origin, `/farmers/${farmerId}`, adminCookie)).json()) as { id: string }).id,
      ).toBe(farmerId);
    }
  });

  it("still serves a farmer its own documents on the investor app's port", async () => {
    const own = await get(served.investor, `/farmers/${farmerId}/documents/ktp`, farmerCookie);
    expect(own.status).toBe(200);
  });
});
