import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/adapters/db/database";
import { indexNow, signInFarmer } from "../chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "../chain-fixture";
import { randomAccount, type TestApp, testBackends } from "../helpers";
import {
  mailTo,
  type SmtpSink,
  startNotifyingApp,
  startSmtpSink,
  withVerifiedAddress,
} from "./notify-fixture";

describe.each(testBackends)("notifications and reorgs on $name (anvil)", { timeout: 180_000 }, ({ kind }) => {
  let farm: FarmChain;
  let sink: SmtpSink;
  let t: TestApp;
  const farmer = randomAccount();
  const email = "reorg@example.com";
  let cookie: string;

  beforeAll(async () => {
    farm = await startFarmChain();
    sink = await startSmtpSink();
    t = await startNotifyingApp(farm, kind, sink.url);
    ({ cookie } = await signInFarmer(t, farmer));
    await withVerifiedAddress(t, sink, farmer, email, "en", cookie);
    // From here on the test delivers by hand, so it can look between indexing and sending.
    await t.app.notifications.delivery.stop();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await sink?.stop();
    await farm?.stop();
  });

  const approvals = () =>
    queryRows<{ email_status: string }>(
      t.app.db,
      sql`select email_status from notifications where kind = 'invoice_approved'`,
    );
  const inboxKinds = async () =>
    (
      (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } })).json() as {
        items: { kind: string }[];
      }
    ).items.map((item) => item.kind);

  it("withdraws an unsent notification whose event a reorg dropped, and sends it once when the event comes back", async () => {
    const driver = new FarmDriver(farm);
    await indexNow(t);
    const snapshot = await farm.testClient.snapshot();
    const tokenId = await driver.openInvoice(farmer.address, gold(100n));
    await indexNow(t);
    expect(await approvals()).toEqual([{ email_status: "pending" }]);
    expect(await inboxKinds()).toContain("invoice_approved");

    // The blocks with the approval are replaced by empty ones: the index rolls back, the message is withdrawn.
    await farm.testClient.revert({ id: snapshot });
    await farm.testClient.mine({ blocks: 12 });
    await indexNow(t);
    await t.app.notifications.delivery.runOnce();
    expect(await approvals()).toEqual([{ email_status: "withdrawn" }]);
    expect(await inboxKinds()).not.toContain("invoice_approved");

    // The same invoice is approved again on the new chain: one message, sent once.
    expect(await driver.openInvoice(farmer.address, gold(100n))).toBe(tokenId);
    await indexNow(t);
    await t.app.notifications.delivery.runOnce();
    await mailTo(sink, email, `Invoice #${tokenId} was approved`);
    await t.app.notifications.delivery.runOnce();
    expect(await approvals()).toEqual([{ email_status: "sent" }]);
    expect(sink.messages.filter((mail) => mail.subject.includes("was approved"))).toHaveLength(1);
  });

  // An e-mail cannot be called back: what a reorg corrects is the inbox. The sent message's row stays `sent`, the inbox
  // stops showing it while its event is off the chain, and when the event comes back it shows again, not re-sent.
  it("a sent notification whose event a reorg dropped leaves the inbox, and comes back without a second e-mail", async () => {
    const driver = new FarmDriver(farm);
    await indexNow(t);
    const snapshot = await farm.testClient.snapshot();
    const tokenId = await driver.openInvoice(farmer.address, gold(200n));
    await indexNow(t);
    await t.app.notifications.delivery.runOnce();
    const subject = `Invoice #${tokenId} was approved`;
    await mailTo(sink, email, subject);
    const status = async () =>
      (
        await queryRows<{ email_status: string }>(
          t.app.db,
          sql`select email_status from notifications
              where kind = 'invoice_approved' and params->>'tokenId' = ${tokenId.toString()}`,
        )
      ).map((row) => row.email_status);
    const approvedShown = async () =>
      (
        (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } })).json() as {
          items: { kind: string; params: Record<string, string> }[];
        }
      ).items.some((item) => item.kind === "invoice_approved" && item.params.tokenId === tokenId.toString());
    expect(await status()).toEqual(["sent"]);
    expect(await approvedShown()).toBe(true);

    await farm.testClient.revert({ id: snapshot });
    await farm.testClient.mine({ blocks: 12 });
    await indexNow(t);
    await t.app.notifications.delivery.runOnce();
    expect(await status()).toEqual(["sent"]);
    expect(await approvedShown()).toBe(false);

    expect(await driver.openInvoice(farmer.address, gold(200n))).toBe(tokenId);
    await indexNow(t);
    await t.app.notifications.delivery.runOnce();
    expect(await approvedShown()).toBe(true);
    expect(await status()).toEqual(["sent"]);
    expect(sink.messages.filter((mail) => mail.subject === subject)).toHaveLength(1);
  });
});
