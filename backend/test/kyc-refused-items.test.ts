import { describe, expect, it } from "vitest";
import { multipartBody, registrationProfile, validDocuments } from "./fixtures";
import { randomAccount, signIn, type TestApp, testBackends, withAdminApp } from "./helpers";

type StoredDocument = { kind: string; sha256: string };

describe.each(testBackends)("a KYC rejection that names what it refuses, on $name", ({ kind }) => {
  let t: TestApp;
  let adminCookie: string;
  withAdminApp(kind, (app, cookie) => {
    [t, adminCookie] = [app, cookie];
  });

  const register = (cookie: string, kinds: string[]) => {
    const body = multipartBody(
      { profile: JSON.stringify(registrationProfile()) },
      validDocuments().filter((document) => kinds.includes(document.name)),
    );
    return t.app.inject({
      method: "POST",
      url: "/api/farmers/register",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const reject = (farmerId: string, payload: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/farmers/${farmerId}/reject`,
      headers: { cookie: adminCookie },
      payload,
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/farmers/me", headers: { cookie } })).json();

  async function rejectedFarmer(payload: object) {
    const cookie = await signIn(t.app, randomAccount());
    const first = await register(cookie, ["ktp", "npwp", "bankStatement"]);
    expect(first.statusCode).toBe(201);
    const farmerId = first.json().farmerId as string;
    const reply = await reject(farmerId, payload);
    expect(reply.statusCode).toBe(200);
    return { cookie, farmerId, documents: (await me(cookie)).documents as StoredDocument[] };
  }

  it("stores the refused documents and fields, each once, and returns them to the farmer", async () => {
    const { cookie, farmerId } = await rejectedFarmer({
      refused: { documents: ["ktp", "ktp"], fields: ["nik", "bankAccountNumber", "nik"] },
    });
    expect(await me(cookie)).toMatchObject({
      status: "rejected",
      rejectionReason: null,
      refused: { documents: ["ktp"], fields: ["nik", "bankAccountNumber"] },
    });
    const audit = (await t.app.db.execute(
      `select refused_items from farmer_reviews where farmer_id = '${farmerId}'` as never,
    )) as unknown as { rows: { refused_items: unknown }[] };
    expect(audit.rows).toEqual([
      { refused_items: { documents: ["ktp"], fields: ["nik", "bankAccountNumber"] } },
    ]);
  });

  it("still takes the older body, a reason alone, and then names nothing refused", async () => {
    const { cookie } = await rejectedFarmer({ reason: "Please call us" });
    expect(await me(cookie)).toMatchObject({ rejectionReason: "Please call us", refused: null });
  });

  it("answers 400 to a rejection with neither a reason nor a refused item, or an unknown item", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const farmerId = (await register(cookie, ["ktp", "npwp", "bankStatement"])).json().farmerId as string;
    for (const payload of [
      {},
      { refused: { documents: [], fields: [] } },
      { refused: { documents: ["passport"] } },
      { refused: { fields: ["favouriteColour"] } },
      { reason: "ok", refused: { fields: ["nik"] } },
    ]) {
      const reply = await reject(farmerId, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect((await me(cookie)).status).toBe("pending_review");
  });

  it("keeps the documents not refused when the farmer registers again with the refused one only", async () => {
    const { cookie, documents } = await rejectedFarmer({
      reason: "KTP unreadable",
      refused: { documents: ["ktp"] },
    });
    const keysBefore = await t.storedKeys();
    const again = await register(cookie, ["ktp"]);
    expect(again.statusCode).toBe(201);
    const after = await me(cookie);
    expect(after).toMatchObject({ status: "pending_review", rejectionReason: null, refused: null });
    const byKind = (list: StoredDocument[], wanted: string) => list.find((d) => d.kind === wanted);
    expect(after.documents).toHaveLength(3);
    expect(byKind(after.documents, "npwp")).toEqual(byKind(documents, "npwp"));
    expect(byKind(after.documents, "bankStatement")).toEqual(byKind(documents, "bankStatement"));
    // The KTP is the new upload (fresh bytes), the others the very rows stored before.
    expect(byKind(after.documents, "ktp")?.sha256).not.toBe(byKind(documents, "ktp")?.sha256);
    expect(byKind(after.documents, "ktp")).not.toEqual(byKind(documents, "ktp"));
    // The old KTP object is replaced by the new one: as many objects as before, not the same ones.
    const keysAfter = await t.storedKeys();
    expect(keysAfter.length).toBe(keysBefore.length);
    expect(keysAfter).not.toEqual(keysBefore);
  });

  it("refuses a new registration without a refused document and leaves nothing changed or stored", async () => {
    const { cookie, documents } = await rejectedFarmer({ refused: { documents: ["ktp"], fields: ["nik"] } });
    const keysBefore = await t.storedKeys();
    const again = await register(cookie, ["npwp"]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual({ missing: ["ktp"] });
    expect(await me(cookie)).toMatchObject({
      status: "rejected",
      refused: { documents: ["ktp"], fields: ["nik"] },
      documents,
    });
    expect(await t.storedKeys()).toEqual(keysBefore);
  });

  it("asks a first registration for every document still", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const reply = await register(cookie, ["ktp"]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.details).toEqual({ missing: ["npwp", "bankStatement"] });
  });
});
