import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { decryptField, fieldKeys } from "../../src/documents/field-encryption";
import { notifications } from "../../src/notifications/schema";
import { randomAccount, signIn, startTestApp, type TestApp, testBackends } from "../helpers";

describe("NOTIFY_VERIFICATION_LINK_DAYS", () => {
  it("is 7 days unless set, at least one", () => {
    expect(loadConfig({}).notifications.verificationLinkDays).toBe(7);
    expect(loadConfig({ NOTIFY_VERIFICATION_LINK_DAYS: "3" }).notifications.verificationLinkDays).toBe(3);
    expect(() => loadConfig({ NOTIFY_VERIFICATION_LINK_DAYS: "0" })).toThrow(/NOTIFY_VERIFICATION_LINK_DAYS/);
  });
});

describe.each(testBackends)("address-verification links expire on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t?.close());

  /** Sets a wallet's address (a fresh wallet's unless given), which queues a verification link; returns its token. */
  async function linkSent(email: string, wallet?: { owner: string; cookie: string }) {
    const account = randomAccount();
    const { owner, cookie } = wallet ?? {
      owner: account.address.toLowerCase(),
      cookie: await signIn(t.app, account),
    };
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/notifications/preferences",
      headers: { cookie },
      payload: { email },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [queued] = await t.app.db
      .select({ secret: notifications.secretEncrypted })
      .from(notifications)
      .where(eq(notifications.recipient, owner))
      .orderBy(desc(notifications.id))
      .limit(1);
    return { owner, cookie, token: decryptField(fieldKeys(t.app.config), queued!.secret!) };
  }
  const sentAgo = (owner: string, interval: string) =>
    t.app.db.execute(
      sql`update notification_addresses set updated_at = now() - ${interval}::interval where owner = ${owner}`,
    );
  const link = (method: "GET" | "POST", token: string) =>
    t.app.inject({ method, url: `/api/notifications/verify/${token}` });
  const verified = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: { cookie } })).json()
      .verified as boolean;

  it("refuses a link sent more than 7 days ago, reading (410) and confirming (410), and verifies nothing", async () => {
    for (const age of ["7 days 1 minute", "400 days"]) {
      const sent = await linkSent(`expired-${age.length}@example.id`);
      await sentAgo(sent.owner, age);
      for (const method of ["GET", "POST"] as const) {
        const reply = await link(method, sent.token);
        expect([age, method, reply.statusCode, reply.json().error]).toMatchObject([
          age,
          method,
          410,
          { code: "VERIFICATION_LINK_EXPIRED", details: { days: 7 } },
        ]);
      }
      expect(await verified(sent.cookie)).toBe(false);
    }
  });

  it("takes a link within its 7 days, and a new one asked for after the old expired", async () => {
    const sent = await linkSent("within-week@example.id");
    await sentAgo(sent.owner, "6 days 23 hours");
    expect((await link("GET", sent.token)).json()).toEqual({ live: true });
    expect((await link("POST", sent.token)).statusCode).toBe(200);
    expect(await verified(sent.cookie)).toBe(true);
    // Used: not live any more, rather than expired.
    expect((await link("POST", sent.token)).statusCode).toBe(404);

    const old = await linkSent("ask-again@example.id");
    await sentAgo(old.owner, "30 days");
    const again = await linkSent("ask-again@example.id", old);
    expect((await link("POST", old.token)).statusCode).toBe(404);
    expect((await link("POST", again.token)).statusCode).toBe(200);
    expect(await verified(old.cookie)).toBe(true);
  });
});
