import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { LocalAccount } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  jpegBytes,
  multipartBody,
  pdfBytes,
  pngBytes,
  registrationProfile,
  validDocuments,
} from "./fixtures";
import { randomAccount, signIn, startTestApp, type TestApp, testBackends } from "./helpers";

describe.each(testBackends)("farmer registration on $name", ({ kind }) => {
  let t: TestApp;
  const admin = randomAccount();
  const logs = new PassThrough();
  let logText = "";
  logs.on("data", (chunk: Buffer) => {
    logText += chunk.toString();
  });

  beforeAll(async () => {
    t = await startTestApp({
      kind,
      env: { ADMIN_ADDRESSES: admin.address, LOG_LEVEL: "debug" },
      logStream: logs,
    });
  });
  afterAll(() => t.close());

  async function register(cookie: string, profile = registrationProfile(), files = validDocuments()) {
    const body = multipartBody({ profile: JSON.stringify(profile) }, files);
    return t.app.inject({
      method: "POST",
      url: "/api/farmers/register",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  async function registeredFarmer(account: LocalAccount = randomAccount()) {
    const cookie = await signIn(t.app, account);
    const profile = registrationProfile();
    const reply = await register(cookie, profile);
    expect(reply.statusCode).toBe(201);
    return { account, cookie, profile, farmerId: reply.json().farmerId as string };
  }

  async function rowCount(table: string): Promise<number> {
    const result = await t.app.db.execute(`select count(*)::int as n from ${table}` as never);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it("registers a farmer: 201 pending_review, documents stored with their SHA-256, farmer role granted", async () => {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    const profile = registrationProfile();
    const files = validDocuments();
    const before = (await t.storedKeys()).length;
    const reply = await register(cookie, profile, files);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ farmerId: expect.any(String), status: "pending_review" });
    expect((await t.storedKeys()).length).toBe(before + 3);

    const me = await t.app.inject({ method: "GET", url: "/api/farmers/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const farmer = me.json();
    expect(farmer.walletAddress).toBe(account.address);
    expect(farmer.personal.nik).toBe(profile.personal.nik);
    expect(farmer.business.npwp).toBe("012345678901234");
    expect(farmer.business.bankAccountNumber).toBe(profile.business.bankAccountNumber);
    const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
    expect(
      Object.fromEntries(farmer.documents.map((d: { kind: string; sha256: string }) => [d.kind, d.sha256])),
    ).toEqual({
      ktp: sha(files[0]!.data),
      npwp: sha(files[1]!.data),
      bankStatement: sha(files[2]!.data),
    });
    const session = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.json().roles).toEqual(["investor", "farmer"]);
  });

  it("stores NIK, NPWP and account number encrypted, never in clear", async () => {
    const { profile, farmerId } = await registeredFarmer();
    const result = (await t.app.db.execute(
      `select nik_encrypted, npwp_encrypted, bank_account_encrypted from farmers where id = '${farmerId}'` as never,
    )) as unknown as { rows: Record<string, string>[] };
    const stored = JSON.stringify(result.rows[0]);
    expect(stored).not.toContain(profile.personal.nik);
    expect(stored).not.toContain("012345678901234");
    expect(stored).not.toContain(profile.business.bankAccountNumber);
    expect(result.rows[0]!.nik_encrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
  });

  it("never writes NIK, NPWP or account numbers to the logs", async () => {
    const { profile } = await registeredFarmer();
    await register(await signIn(t.app, randomAccount()), registrationProfile({ nik: "12345" }));
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(profile.personal.nik);
    expect(logText).not.toContain(profile.business.bankAccountNumber);
    expect(logText).not.toContain("012345678901234");
    expect(logText).not.toContain("farm_session=");
  });

  it("answers 409 to a second registration of the same wallet", async () => {
    const { cookie } = await registeredFarmer();
    const before = await t.storedKeys();
    const again = await register(cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("FARMER_ALREADY_REGISTERED");
    expect(await t.storedKeys()).toEqual(before);
  });

  it("lets only one of two simultaneous registrations of a wallet through", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = (await t.storedKeys()).length;
    const replies = await Promise.all([register(cookie), register(cookie)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await t.storedKeys()).length).toBe(before + 3);
  });

  it("answers 401 to a registration without a session", async () => {
    const reply = await register("");
    expect(reply.statusCode).toBe(401);
  });

  it("answers 400 naming the field for an invalid NIK, without echoing it, and stores nothing", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = await t.storedKeys();
    const reply = await register(cookie, registrationProfile({ nik: "320112345678901" }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.details.issues).toContainEqual({
      path: ["personal", "nik"],
      message: "NIK must be 16 digits",
    });
    expect(reply.body).not.toContain("320112345678901");
    expect(await t.storedKeys()).toEqual(before);
  });

  it.each([
    ["a phone number outside Indonesia", { phone: "+14155550100" }, "phone"],
    [
      "a 4-digit postal code",
      { address: { ...registrationProfile().personal.address, postalCode: "4325" } },
      "address",
    ],
    ["a farmer younger than 17", { dateOfBirth: new Date().toISOString().slice(0, 10) }, "dateOfBirth"],
  ])("answers 400 to %s", async (_label, override, field) => {
    const cookie = await signIn(t.app, randomAccount());
    const reply = await register(cookie, registrationProfile(override));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.details.issues[0].path).toContain(field);
  });

  it("answers 400 when a document is missing and keeps none of the others", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = await t.storedKeys();
    const reply = await register(cookie, registrationProfile(), validDocuments().slice(0, 2));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.details).toEqual({ missing: ["bankStatement"] });
    expect(await t.storedKeys()).toEqual(before);
  });

  it("answers 400 when the profile field is not JSON", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const body = multipartBody({ profile: "{not json" }, validDocuments());
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/farmers/register",
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 413 to a 6 MB KTP, leaving no profile and no object", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = await t.storedKeys();
    const farmersBefore = await rowCount("farmers");
    const files = validDocuments();
    files[0] = {
      name: "ktp",
      filename: "ktp.jpg",
      contentType: "image/jpeg",
      data: jpegBytes(6 * 1024 * 1024),
    };
    // The KTP goes last, so the other two documents are already stored when it fails.
    const reply = await register(cookie, registrationProfile(), [files[1]!, files[2]!, files[0]]);
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { kind: "ktp" } });
    expect(await t.storedKeys()).toEqual(before);
    expect(await rowCount("farmers")).toBe(farmersBefore);
  });

  it("answers 413 to an 11 MB bank statement", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const files = validDocuments();
    files[2] = { ...files[2]!, data: pdfBytes(11 * 1024 * 1024) };
    const reply = await register(cookie, registrationProfile(), files);
    expect(reply.statusCode).toBe(413);
  });

  it("answers 415 to a PNG renamed .pdf as the bank statement, leaving nothing", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = await t.storedKeys();
    const files = validDocuments();
    files[2] = {
      name: "bankStatement",
      filename: "statement.pdf",
      contentType: "application/pdf",
      data: pngBytes,
    };
    const reply = await register(cookie, registrationProfile(), files);
    expect(reply.statusCode).toBe(415);
    expect(reply.json().error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      details: { kind: "bankStatement", detected: "image/png" },
    });
    expect(await t.storedKeys()).toEqual(before);
  });

  it("answers 415 to a KTP that is plain text whatever its name", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const files = validDocuments();
    files[0] = { ...files[0]!, data: Buffer.from("just some text, not an image") };
    const reply = await register(cookie, registrationProfile(), files);
    expect(reply.statusCode).toBe(415);
  });

  it("answers 415 to a registration sent as JSON instead of multipart", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/farmers/register",
      headers: { cookie },
      payload: registrationProfile(),
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("leaves nothing behind when the upload breaks off mid-stream", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const before = await t.storedKeys();
    const farmersBefore = await rowCount("farmers");
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const body = multipartBody({ profile: JSON.stringify(registrationProfile()) }, validDocuments());
    const url = new URL("/api/farmers/register", address);
    const request = httpRequest(url, {
      method: "POST",
      headers: { ...body.headers, cookie, "content-length": String(body.payload.length) },
    });
    const ended = new Promise<void>((resolve) => {
      request.on("error", () => resolve());
      request.on("close", () => resolve());
    });
    // Two documents and part of the third arrive; once the first two are stored, the connection drops.
    request.write(body.payload.subarray(0, body.payload.length - 20_000));
    await expect.poll(async () => (await t.storedKeys()).length, { timeout: 5_000 }).toBe(before.length + 2);
    request.destroy();
    await ended;
    await expect.poll(() => t.storedKeys(), { timeout: 5_000 }).toEqual(before);
    expect(await rowCount("farmers")).toBe(farmersBefore);
  });

  it("serves a document to its owner with the recorded type and bytes", async () => {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    const files = validDocuments();
    const registered = await register(cookie, registrationProfile(), files);
    const { farmerId } = registered.json();
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/farmers/${farmerId}/documents/bankStatement`,
      headers: { cookie },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.rawPayload.equals(files[2]!.data)).toBe(true);
    // Opened rather than downloaded, it can run nothing.
    expect(reply.headers["content-security-policy"]).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'; form-action 'none'",
    );
    expect(reply.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("answers admin routes only from the farmer portal's origin, never the investor app's", async () => {
    const { farmerId } = await registeredFarmer();
    const adminCookie = await signIn(t.app, admin);
    const approve = (origin: string | undefined, url = `/api/admin/farmers/${farmerId}/approve`) =>
      t.app.inject({ method: "POST", url, headers: { cookie: adminCookie, ...(origin ? { origin } : {}) } });
    const list = (origin: string) =>
      t.app.inject({ method: "GET", url: "/api/admin/farmers", headers: { cookie: adminCookie, origin } });
    // The investor app's origin is one the API accepts for sign-in, not for admin routes, whatever the spelling.
    for (const url of [
      `/api/admin/farmers/${farmerId}/approve`,
      `/api/%61dmin/farmers/${farmerId}/approve`,
    ]) {
      const refused = await approve("http://localhost:5173", url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe("FORBIDDEN");
    }
    expect((await list("http://127.0.0.1:5173")).statusCode).toBe(403);
    expect((await list("http://127.0.0.1:5174")).statusCode).toBe(200);
    expect((await approve("http://localhost:5174")).statusCode).toBe(200);
  });

  it("serves a document to an admin", async () => {
    const { farmerId } = await registeredFarmer();
    const adminCookie = await signIn(t.app, admin);
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/farmers/${farmerId}/documents/ktp`,
      headers: { cookie: adminCookie },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("image/jpeg");
  });

  it("refuses a document to another signed-in wallet with 403", async () => {
    const { farmerId } = await registeredFarmer();
    const stranger = await signIn(t.app, randomAccount());
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/farmers/${farmerId}/documents/ktp`,
      headers: { cookie: stranger },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.code).toBe("FORBIDDEN");
  });

  it("answers 401 to a document request without a session and 400 to an unknown kind", async () => {
    const { farmerId, cookie } = await registeredFarmer();
    const anonymous = await t.app.inject({ method: "GET", url: `/api/farmers/${farmerId}/documents/ktp` });
    expect(anonymous.statusCode).toBe(401);
    const unknownKind = await t.app.inject({
      method: "GET",
      url: `/api/farmers/${farmerId}/documents/selfie`,
      headers: { cookie },
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it("answers 404 to /farmers/me for a wallet that never registered", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const reply = await t.app.inject({ method: "GET", url: "/api/farmers/me", headers: { cookie } });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.code).toBe("NOT_FOUND");
  });

  it("answers 401 to /farmers/me without a session", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/farmers/me" });
    expect(reply.statusCode).toBe(401);
  });

  it("shows another wallet an approved farm's business facts and no identifier digit; a pending one not at all", async () => {
    const { farmerId, profile, cookie } = await registeredFarmer();
    const stranger = await signIn(t.app, randomAccount());
    const asStranger = () =>
      t.app.inject({ method: "GET", url: `/api/farmers/${farmerId}`, headers: { cookie: stranger } });
    const pending = await asStranger();
    expect(pending.statusCode).toBe(404);
    expect(pending.body).not.toContain(profile.business.businessName);

    await t.app.db.execute(sql`update farmers set status = 'approved' where id = ${farmerId}`);
    const reply = await asStranger();
    expect(reply.statusCode).toBe(200);
    const view = reply.json();
    expect(view.businessName).toBe(profile.business.businessName);
    expect(Object.keys(view)).not.toEqual(expect.arrayContaining(["nik"]));
    for (const digits of [profile.personal.nik, profile.business.npwp, profile.business.bankAccountNumber])
      expect(reply.body).not.toContain(digits.replace(/\D/g, "").slice(-4));
    expect(view.personal).toBeUndefined();
    expect(reply.body).not.toContain(profile.personal.email);
    const own = await t.app.inject({ method: "GET", url: `/api/farmers/${farmerId}`, headers: { cookie } });
    expect(own.json().personal.nik).toBe(profile.personal.nik);
  });

  it("answers 404 to an unknown farmer id and 400 to a malformed one", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/farmers/00000000-0000-4000-8000-000000000000",
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: "GET", url: "/api/farmers/42", headers: { cookie } });
    expect(malformed.statusCode).toBe(400);
  });
});
