import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/adapters/db/database";
import { decryptField, fieldKeys } from "../../src/documents/field-encryption";
import { notifications } from "../../src/notifications/schema";
import { countVerificationMail } from "../../src/notifications/verification-cap";
import { randomAccount, signIn, startTestApp, type TestApp, testBackends } from "../helpers";
import { withinOneUtcDay } from "../one-utc-day";

withinOneUtcDay();
describe.each(testBackends)("address-verification e-mails capped a day on $name", ({ kind }) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ kind, env: { NOTIFY_VERIFICATION_EMAILS_PER_DAY: "2" } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: { cookie }, payload });
  const preferences = async (cookie: string) =>
    (
      await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: { cookie } })
    ).json() as { email: string | null; language: string; kinds: { kind: string; email: boolean }[] };
  const verificationMails = async (owner: string) => {
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from notifications
          where kind = 'address_verification' and recipient = ${owner.toLowerCase()}`,
    );
    return row?.n ?? 0;
  };
  /** The token of the address-verification link last queued for `owner` (the mail's secret, decrypted). */
  const linkToken = async (owner: string) => {
    const [queued] = await t.app.db
      .select({ secret: notifications.secretEncrypted })
      .from(notifications)
      .where(
        and(eq(notifications.kind, "address_verification"), eq(notifications.recipient, owner.toLowerCase())),
      )
      .orderBy(desc(notifications.id))
      .limit(1);
    return decryptField(fieldKeys(t.app.config), queued!.secret!);
  };
  const expectRefused = (reply: Awaited<ReturnType<typeof put>>) => {
    expect(reply.statusCode, reply.body).toBe(429);
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(reply.json()).toMatchObject({
      error: {
        code: "TOO_MANY_VERIFICATION_EMAILS",
        message: expect.stringContaining(`ask again after ${tomorrow.toISOString()} (00:00 UTC)`),
        details: { limit: 2, retryAt: tomorrow.toISOString() },
      },
    });
    // Hours away: the apps word the code (after 00:00 UTC) rather than count down a Retry-After.
    expect(reply.headers["retry-after"]).toBeUndefined();
  };

  it("refuses a wallet's third link of the day and saves nothing of that request", async () => {
    const wallet = randomAccount();
    const cookie = await signIn(t.app, wallet);
    expect((await put(cookie, { email: "one@example.id", language: "en" })).statusCode).toBe(200);
    expect((await put(cookie, { email: "two@example.id" })).statusCode).toBe(200);
    const refused = await put(cookie, {
      email: "three@example.id",
      language: "id",
      kinds: [{ kind: "harvest_ready", email: false }],
    });
    expectRefused(refused);
    expect(await verificationMails(wallet.address)).toBe(2);
    const kept = await preferences(cookie);
    expect(kept).toMatchObject({ email: "two@example.id", language: "en" });
    expect(kept.kinds).toContainEqual({ kind: "harvest_ready", email: true });
    // Asking the same unverified address again is one more link: refused too.
    expectRefused(await put(cookie, { email: "two@example.id" }));
    // What sends no link is still saved.
    const switched = await put(cookie, { language: "id", kinds: [{ kind: "harvest_ready", email: false }] });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ email: "two@example.id", language: "id" });
  });

  it("refuses a third link of the day to one address whichever wallets ask, in any letter case", async () => {
    const victim = "Victim@Example.id";
    const askers = [randomAccount(), randomAccount(), randomAccount()];
    const cookies = await Promise.all(askers.map((account) => signIn(t.app, account)));
    expect((await put(cookies[0]!, { email: victim })).statusCode).toBe(200);
    expect((await put(cookies[1]!, { email: victim.toLowerCase() })).statusCode).toBe(200);
    expectRefused(await put(cookies[2]!, { email: victim.toUpperCase() }));
    expect(await verificationMails(askers[2]!.address)).toBe(0);
    expect((await preferences(cookies[2]!)).email).toBeNull();
    // Another address is that wallet's own first link.
    expect((await put(cookies[2]!, { email: "own@example.id" })).statusCode).toBe(200);
  });

  it("a verified address saved again sends nothing and counts nothing", async () => {
    const wallet = randomAccount();
    const cookie = await signIn(t.app, wallet);
    expect((await put(cookie, { email: "kept@example.id" })).statusCode).toBe(200);
    const token = await linkToken(wallet.address);
    const opened = await t.app.inject({ method: "POST", url: `/api/notifications/verify/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await put(cookie, { email: "kept@example.id" })).statusCode).toBe(200);
    expect(await verificationMails(wallet.address)).toBe(1);
  });

  it("verifies an address only by its page's POST: opening the link (a mail scanner) changes nothing", async () => {
    const wallet = randomAccount();
    const cookie = await signIn(t.app, wallet);
    expect((await put(cookie, { email: "scanned@example.id" })).statusCode).toBe(200);
    const url = `/api/notifications/verify/${await linkToken(wallet.address)}`;
    const verified = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: { cookie } })
      ).json().verified as boolean;
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: "GET", url })).json()).toEqual({ live: true });
    expect(await verified()).toBe(false);
    expect((await t.app.inject({ method: "POST", url })).json()).toEqual({ verified: true });
    expect(await verified()).toBe(true);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(404);
  });

  it("counts each UTC day afresh", async () => {
    const cap = { cache: t.cache, perDay: 2 };
    const keys = fieldKeys(t.app.config);
    const owner = randomAccount().address;
    const evening = new Date("2031-05-06T23:59:00Z");
    await countVerificationMail(cap, keys, owner, "day@example.id", evening);
    await countVerificationMail(cap, keys, owner, "day@example.id", evening);
    await expect(countVerificationMail(cap, keys, owner, "day@example.id", evening)).rejects.toMatchObject({
      statusCode: 429,
      code: "TOO_MANY_VERIFICATION_EMAILS",
      details: { limit: 2, retryAt: "2031-05-07T00:00:00.000Z" },
    });
    await countVerificationMail(cap, keys, owner, "day@example.id", new Date("2031-05-07T00:00:01Z"));
  });
});
