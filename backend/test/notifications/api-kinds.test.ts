import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow } from "../chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "../chain-fixture";
import { multipartBody, registrationProfile, validDocuments } from "../fixtures";
import { randomAccount, signIn, type TestApp, testBackends } from "../helpers";
import {
  confirmAddress,
  linkIn,
  mailTo,
  type SmtpSink,
  startNotifyingApp,
  startSmtpSink,
  submitWithBuyer,
  withVerifiedAddress,
} from "./notify-fixture";

const adminMail = "admin@example.com";
const buyerMail = "finance@pangan.example";

describe.each(testBackends)(
  "notifications from API actions on $name (anvil, SMTP)",
  { timeout: 240_000 },
  ({ kind }) => {
    let farm: FarmChain;
    let sink: SmtpSink;
    let t: TestApp;
    let adminCookie: string;

    beforeAll(async () => {
      farm = await startFarmChain();
      sink = await startSmtpSink();
      t = await startNotifyingApp(farm, kind, sink.url);
      adminCookie = await withVerifiedAddress(t, sink, privateKeyToAccount(anvilKeys[0]), adminMail, "en");
    }, 180_000);

    afterAll(async () => {
      await t?.close();
      await sink?.stop();
      await farm?.stop();
    });

    const inject = (method: "GET" | "POST" | "PUT", url: string, cookie = "", payload?: object) =>
      t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

    it("registration, KYC, buyer link, answers and reminders reach farmer, admin and buyer; switches are honoured", async () => {
      await indexNow(t);
      // Admins are the wallets the index saw granted ADMIN_ROLE (the running indexer reads them long before this).
      // Registration: the farmer's address is verified by its link; the admins hear of a farm to review.
      const farmer = randomAccount();
      const farmerMail = `farm-${farmer.address.slice(2, 10).toLowerCase()}@example.id`;
      const farmerCookie = await signIn(t.app, farmer);
      const profile = registrationProfile({ email: farmerMail });
      const form = multipartBody({ profile: JSON.stringify(profile) }, validDocuments());
      const registered = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        headers: { ...form.headers, cookie: farmerCookie },
        payload: form.payload,
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const { farmerId } = registered.json() as { farmerId: string };
      const [verification] = await mailTo(sink, farmerMail, "Confirm your e-mail address");
      expect(verification!.headers.has("list-unsubscribe")).toBe(false);
      await confirmAddress(t, verification!);
      await mailTo(sink, adminMail, "New farmer to review: Tani Makmur");

      expect((await inject("POST", `/api/admin/farmers/${farmerId}/approve`, adminCookie)).statusCode).toBe(
        200,
      );
      await mailTo(sink, farmerMail, "Your farm registration was approved");

      // An invoice: admins hear of it from the index; the buyer gets the confirmation link by e-mail.
      const submit = (invoiceNumber: string) => submitWithBuyer(t, farmerCookie, invoiceNumber, buyerMail);
      const askBuyer = async (tokenId: bigint, invoiceNumber: string) => {
        const reply = await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, farmerCookie);
        expect(reply.statusCode, reply.body).toBe(201);
        const [mail] = await mailTo(
          sink,
          buyerMail,
          `Please confirm invoice ${invoiceNumber} from Tani Makmur`,
        );
        const link = new URL(linkIn(mail!));
        expect(link.href).toMatch(/^http:\/\/portal\.farm\.test\/confirm\/[A-Za-z0-9_-]{43}$/);
        // The farmer is told where the link went, never the link.
        const token = link.pathname.split("/").pop()!;
        expect(reply.body).not.toContain(token);
        return token;
      };
      const confirmed = await submit("NT-1");
      await indexNow(t);
      const [submittedMail] = await mailTo(sink, adminMail, `New invoice #${confirmed} to review`);
      const token = await askBuyer(confirmed, "NT-1");
      expect((await inject("GET", `/api/confirmations/${token}`)).statusCode).toBe(200);
      expect(
        (await inject("POST", `/api/confirmations/${token}`, "", { decision: "confirmed" })).statusCode,
      ).toBe(200);
      await mailTo(sink, farmerMail, `Your buyer confirmed invoice #${confirmed}`);

      // The farmer switches off e-mail for disputes; the admin unsubscribes from new invoices with one click.
      const switched = await inject("PUT", "/api/notifications/preferences", farmerCookie, {
        kinds: [{ kind: "buyer_disputed", email: false }],
      });
      expect(switched.json()).toMatchObject({
        verified: true,
        kinds: expect.arrayContaining([{ kind: "buyer_disputed", email: false }]),
      });
      const unsubscribe = new URL(submittedMail!.headers.get("list-unsubscribe")!.slice(1, -1));
      const oneClick = await t.app.inject({
        method: "POST",
        url: unsubscribe.pathname,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect(oneClick.json()).toEqual({ kind: "invoice_submitted", unsubscribed: true });

      const disputed = await submit("NT-2");
      await indexNow(t);
      const disputeToken = await askBuyer(disputed, "NT-2");
      const note = "Only 150 sacks arrived";
      expect(
        (await inject("POST", `/api/confirmations/${disputeToken}`, "", { decision: "disputed", note }))
          .statusCode,
      ).toBe(200);
      const [dispute] = await mailTo(sink, adminMail, `The buyer disputed invoice #${disputed}`);
      expect(dispute!.text).toContain(note);
      // Funding the confirmed invoice and moving the chain's clock: the farmer and the verified buyer are reminded.
      const approval = await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "approveInvoice",
        args: [confirmed],
      });
      await waitForReceipt(farm.publicClient, { hash: approval });
      await new FarmDriver(farm).invest(farm.wallet(anvilKeys[5]), confirmed, gold(1500n));
      await indexNow(t);
      await new FarmDriver(farm).passDays(54);
      await t.app.notifications.scanNow();
      await mailTo(sink, farmerMail, `Invoice #${confirmed} is due in 7 days`);
      const [reminder] = await mailTo(sink, buyerMail, "Invoice NT-1 from Tani Makmur is due in 7 days");
      expect(linkIn(reminder!)).toBe(`http://portal.farm.test/confirm/${token}`);
      // Past maturity unpaid: overdue at once, and a late fee accruing once a whole day has passed (1,500 GOLD at
      // 4 % over 60 days: 1 GOLD a day on the whole principal; 1,200 GOLD paid leaves 360 overdue: 0.24 GOLD a day).
      await new FarmDriver(farm).passDays(6);
      await t.app.notifications.scanNow();
      await mailTo(sink, farmerMail, `Invoice #${confirmed} is overdue`);
      expect(sink.messages.some((mail) => mail.subject.includes("late fee"))).toBe(false);
      await new FarmDriver(farm).repay(farm.wallet(anvilKeys[6]), confirmed, gold(1200n));
      await indexNow(t);
      await new FarmDriver(farm).passDays(1);
      await t.app.notifications.scanNow();
      const [late] = await mailTo(sink, farmerMail, `A late fee is accruing on invoice #${confirmed}`);
      expect(late!.text).toContain("grows by 0.24 GOLD for each whole day");

      await new Promise((resolve) => setTimeout(resolve, 500));
      const toFarmer = sink.messages.filter((mail) => mail.to.includes(farmerMail));
      expect(toFarmer.some((mail) => mail.subject.includes("disputed"))).toBe(false);
      expect(
        sink.messages.some(
          (mail) => mail.to.includes(adminMail) && mail.subject.includes(`#${disputed} to review`),
        ),
      ).toBe(false);
      // No message carries the farmer's identity, tax or bank numbers; the buyer's never name an investor.
      for (const mail of sink.messages) {
        for (const secret of [
          profile.personal.nik,
          profile.business.npwp,
          profile.business.bankAccountNumber,
        ])
          expect(mail.text).not.toContain(secret);
      }
      for (const mail of sink.messages.filter((m) => m.to.includes(buyerMail)))
        expect(mail.text.toLowerCase()).not.toContain(
          privateKeyToAccount(anvilKeys[5]).address.toLowerCase(),
        );

      // The inbox has everything, the switched-off kinds included; marking read moves the count.
      const inbox = await inject("GET", "/api/notifications", farmerCookie);
      const body = inbox.json() as { unread: number; items: { id: string; kind: string }[] };
      expect(body.items.map((item) => item.kind)).toEqual(
        expect.arrayContaining([
          "kyc_approved",
          "buyer_confirmed",
          "buyer_disputed",
          "due_soon",
          "overdue",
          "late_fee_accruing",
        ]),
      );
      expect(body.unread).toBe(body.items.length);
      const one = await inject("POST", "/api/notifications/read", farmerCookie, { ids: [body.items[0]!.id] });
      expect(one.json()).toEqual({ unread: body.unread - 1 });
      expect((await inject("POST", "/api/notifications/read", farmerCookie, { all: true })).json()).toEqual({
        unread: 0,
      });
      expect((await inject("GET", "/api/notifications/unread", farmerCookie)).json()).toEqual({ unread: 0 });
      // Another wallet cannot mark them, and a forged unsubscribe token is refused.
      expect((await inject("POST", "/api/notifications/read", "", { all: true })).statusCode).toBe(401);
      expect(
        (
          await inject(
            "GET",
            "/api/notifications/unsubscribe/0x0000000000000000000000000000000000000000.3.AAAAAAAAAAAAAAAAAAAAAA",
          )
        ).statusCode,
      ).toBe(404);
    });
  },
);
