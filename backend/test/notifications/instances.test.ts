import { anvilKeys, testDatabaseUrl } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, signInFarmer } from "../chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "../chain-fixture";
import { createTestDatabase, randomAccount, type TestApp } from "../helpers";
import {
  mailTo,
  type SmtpSink,
  startNotifyingApp,
  startSmtpSink,
  withVerifiedAddress,
} from "./notify-fixture";

// Two instances on one PostgreSQL, both running the date scan and pg-boss's workers: the scan's keys and the queue
// make each reminder once and send it once, however the instances overlap.
describe.runIf(testDatabaseUrl)(
  "background work across two instances (PostgreSQL, anvil, SMTP)",
  { timeout: 240_000 },
  () => {
    let farm: FarmChain;
    let sink: SmtpSink;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const apps: TestApp[] = [];

    beforeAll(async () => {
      [farm, sink, database] = await Promise.all([startFarmChain(), startSmtpSink(), createTestDatabase()]);
      const env = { DATABASE_URL: database.url };
      apps.push(await startNotifyingApp(farm, "services", sink.url, env));
      apps.push(await startNotifyingApp(farm, "services", sink.url, env));
    }, 180_000);

    afterAll(async () => {
      for (const t of apps) await t.close();
      await database?.drop();
      await sink?.stop();
      await farm?.stop();
    });

    it("scans made at once on both instances make one 'due in 1 day' and send it once", async () => {
      const [a, b] = apps as [TestApp, TestApp];
      const farmer = randomAccount();
      const email = "two-instances@example.id";
      const { cookie } = await signInFarmer(a, farmer);
      await withVerifiedAddress(a, sink, farmer, email, "en", cookie);
      const driver = new FarmDriver(farm);
      const tokenId = await driver.openInvoice(farmer.address, gold(1000n), { tenorDays: 30 });
      await driver.invest(farm.wallet(anvilKeys[3]), tokenId, gold(1000n));
      await indexNow(a);
      await driver.passDays(29); // a day before maturity on the chain's clock

      const made = await Promise.all([
        a.app.notifications.scanNow(),
        b.app.notifications.scanNow(),
        a.app.notifications.scanNow(),
        b.app.notifications.scanNow(),
      ]);
      expect(made.every((count) => count !== null && count >= 1)).toBe(true);
      const subject = `Invoice #${tokenId} is due in 1 day`;
      await mailTo(sink, email, subject);
      // Both instances keep delivering for a while: nothing more arrives, and no Message-ID twice.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(sink.messages.filter((mail) => mail.subject === subject)).toHaveLength(1);
      const ids = sink.messages.map((mail) => mail.messageId);
      expect(new Set(ids).size).toBe(ids.length);
    });
  },
);
