import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import type { Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, signInFarmer } from "../chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "../chain-fixture";
import { randomAccount, type TestApp, testBackends } from "../helpers";
import {
  linkIn,
  mailTo,
  type SmtpSink,
  startNotifyingApp,
  startSmtpSink,
  withVerifiedAddress,
} from "./notify-fixture";

const farmerMail = "petani@example.id";
const investorMail = "investor@example.com";
const adminMail = "admin@example.com";

describe.each(testBackends)(
  "notifications from chain events on $name (anvil, SMTP)",
  { timeout: 240_000 },
  ({ kind }) => {
    let farm: FarmChain;
    let sink: SmtpSink;
    let t: TestApp;
    let driver: FarmDriver;
    const farmer = randomAccount();
    const investor = privateKeyToAccount(anvilKeys[3]);
    let investorCookie: string;

    beforeAll(async () => {
      farm = await startFarmChain();
      sink = await startSmtpSink();
      t = await startNotifyingApp(farm, kind, sink.url);
      driver = new FarmDriver(farm);
      const { cookie } = await signInFarmer(t, farmer);
      await withVerifiedAddress(t, sink, farmer, farmerMail, "id", cookie);
      investorCookie = await withVerifiedAddress(t, sink, investor, investorMail, "en");
      await withVerifiedAddress(t, sink, privateKeyToAccount(anvilKeys[0]), adminMail, "en");
    }, 180_000);

    afterAll(async () => {
      await t?.close();
      await sink?.stop();
      await farm?.stop();
    });

    const admin = async (
      functionName: "cancelExpired" | "markDefaulted" | "settleDefault",
      tokenId: bigint,
    ) => {
      const hash: Hash = await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName,
        args: [tokenId],
      });
      await waitForReceipt(farm.publicClient, { hash });
    };

    it("tells each party of each step of two invoices' lives, in its language, with its link, once", async () => {
      const investorWallet = farm.wallet(anvilKeys[3]);
      const payer = farm.wallet(anvilKeys[4]);
      const repaid = await driver.openInvoice(farmer.address, gold(1000n), { tenorDays: 30 });
      const defaulted = await driver.openInvoice(farmer.address, gold(500n), { tenorDays: 30 });
      const cancelled = await driver.openInvoice(farmer.address, gold(800n), { tenorDays: 30 });
      const withdrawn = await driver.openInvoice(farmer.address, gold(700n), { tenorDays: 30 });
      await indexNow(t);
      const [submitted] = await mailTo(sink, adminMail, `New invoice #${repaid} to review`);
      expect(linkIn(submitted!)).toBe("http://portal.farm.test/admin");
      const [approved] = await mailTo(sink, farmerMail, `Faktur #${repaid} disetujui`);
      expect(linkIn(approved!)).toBe("http://portal.farm.test/invoices");
      expect(approved!.messageId).toMatch(/^<notification-\d+@farm\.localhost>$/);
      expect(approved!.headers.get("list-unsubscribe")).toMatch(
        /^<http:\/\/api\.farm\.test\/api\/notifications\/unsubscribe\/0x[0-9a-f]{40}\.\d+\.[\w-]{22}>$/,
      );
      expect(approved!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

      await driver.invest(investorWallet, repaid, gold(1000n));
      await driver.invest(investorWallet, defaulted, gold(500n));
      await driver.invest(investorWallet, cancelled, gold(100n));
      await driver.invest(investorWallet, withdrawn, gold(100n));
      await indexNow(t);
      const [funded] = await mailTo(sink, farmerMail, `Faktur #${repaid} didanai penuh dan dibayarkan`);
      expect(funded!.text).toContain("1.000 GOLD");
      const [seed] = await mailTo(sink, investorMail, `Seed #${repaid} is fully funded`);
      expect(linkIn(seed!)).toBe("http://garden.farm.test/farm");

      // An admin withdraws one open invoice: farmer and holder hear it once, with the reason, not as a closed funding.
      const reason = "The buyer disputed the delivery";
      await waitForReceipt(farm.publicClient, {
        hash: await farm.admin.writeContract({
          address: farm.deployment.farmNft,
          abi: farmNftAbi,
          functionName: "withdrawInvoice",
          args: [withdrawn, reason],
        }),
      });
      await indexNow(t);
      const [pulled] = await mailTo(sink, farmerMail, `Faktur #${withdrawn} ditarik`);
      expect(pulled!.text).toContain(`Alasan: ${reason}`);
      expect(linkIn(pulled!)).toBe("http://portal.farm.test/invoices");
      const [seedPulled] = await mailTo(sink, investorMail, `Seed #${withdrawn} was withdrawn`);
      expect(seedPulled!.text).toContain(`Reason: ${reason}`);

      await driver.passDays(15);
      await admin("cancelExpired", cancelled);
      await indexNow(t);
      await mailTo(sink, investorMail, `A refund is available for seed #${cancelled}`);
      await mailTo(sink, farmerMail, `Faktur #${cancelled} ditutup tanpa pendanaan penuh`);
      const subjects = sink.messages.map((mail) => mail.subject);
      expect(subjects).not.toContain(`A refund is available for seed #${withdrawn}`);
      expect(subjects).not.toContain(`Faktur #${withdrawn} ditutup tanpa pendanaan penuh`);

      await driver.passDays(12); // 3 days before maturity on the chain's clock
      await t.app.notifications.scanNow();
      await mailTo(sink, farmerMail, `Faktur #${repaid} jatuh tempo dalam 3 hari`);
      await driver.passDays(2); // 1 day before maturity: the last reminder, over SMTP
      await t.app.notifications.scanNow();
      const [tomorrow] = await mailTo(sink, farmerMail, `Faktur #${repaid} jatuh tempo dalam 1 hari`);
      expect(linkIn(tomorrow!)).toBe("http://portal.farm.test/invoices");
      await driver.repayInFull(payer, repaid);
      await indexNow(t);
      const [repayment] = await mailTo(sink, farmerMail, `Pembayaran diterima untuk faktur #${repaid}`);
      expect(repayment!.text).toMatch(/\d+(\.\d{3})*(,\d+)? GOLD/);

      await driver.passDays(2); // past maturity
      await t.app.notifications.scanNow();
      await mailTo(sink, investorMail, `Harvest ready: seed #${repaid}`);
      await mailTo(sink, farmerMail, `Faktur #${defaulted} terlambat`);
      await mailTo(sink, adminMail, `Invoice #${defaulted} entered its grace period`);

      await driver.passDays(31);
      await admin("markDefaulted", defaulted);
      await indexNow(t);
      await mailTo(sink, farmerMail, `Faktur #${defaulted} dinyatakan gagal bayar`);
      await mailTo(sink, investorMail, `Seed #${defaulted} was declared in default`);
      await driver.repayInFull(payer, defaulted);
      await indexNow(t);
      await mailTo(sink, investorMail, `A recovery was received on seed #${defaulted}`);
      await driver.passDays(30); // the recovery window after the default
      await admin("settleDefault", defaulted);
      await indexNow(t);
      await mailTo(sink, investorMail, `Seed #${defaulted} was settled`);
      const [settled] = await mailTo(sink, farmerMail, `Gagal bayar faktur #${defaulted} telah diselesaikan`);
      expect(settled!.text).toMatch(/\d+(\.\d{3})*(,\d+)? GOLD yang dipulihkan/);

      // Scanning and indexing again (a restart re-reads the same state) makes nothing new.
      const before = sink.messages.length;
      await t.app.notifications.scanNow();
      await t.app.chain.indexer?.syncOnce();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sink.messages.length).toBe(before);
      const ids = sink.messages.map((mail) => mail.messageId);
      expect(new Set(ids).size).toBe(ids.length);

      // The investor's inbox holds the same, newest first, and nothing of the buyer or the farmer.
      const inbox = await t.app.inject({
        method: "GET",
        url: "/api/notifications",
        headers: { cookie: investorCookie },
      });
      expect(inbox.statusCode).toBe(200);
      const kinds = (inbox.json() as { items: { kind: string }[] }).items.map((item) => item.kind);
      expect(kinds).toContain("harvest_ready");
      expect(kinds).not.toContain("invoice_funded");
    });
  },
);
