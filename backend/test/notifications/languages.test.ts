import { renderNotification } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import type { LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow } from "../chain-app";
import { type FarmChain, startFarmChain } from "../chain-fixture";
import { multipartBody, registrationProfile, validDocuments } from "../fixtures";
import { randomAccount, signIn, type TestApp, testBackends } from "../helpers";
import {
  confirmAddress,
  mailTo,
  type SmtpSink,
  startNotifyingApp,
  startSmtpSink,
  submitWithBuyer,
} from "./notify-fixture";

const subject = (kind: "address_verification" | "kyc_approved", language: "en" | "id") =>
  renderNotification(kind, {}, language).subject;

describe.each(testBackends)(
  "the language of e-mails from a registration on $name (anvil, SMTP)",
  { timeout: 240_000 },
  ({ kind }) => {
    const stack: { farm?: FarmChain; sink?: SmtpSink; t?: TestApp } = {};
    let sink: SmtpSink;
    let t: TestApp;
    let adminCookie: string;

    beforeAll(async () => {
      stack.farm = await startFarmChain();
      sink = stack.sink = await startSmtpSink();
      t = stack.t = await startNotifyingApp(stack.farm, kind, sink.url);
      adminCookie = await signIn(t.app, privateKeyToAccount(anvilKeys[0]));
    }, 180_000);

    afterAll(async () => {
      await stack.t?.close();
      await stack.sink?.stop();
      await stack.farm?.stop();
    });

    /** Sends `profile` as the portal's registration of `farmer`; the reply and the farmer's cookie. */
    async function sendRegistration(farmer: LocalAccount, profile: object) {
      const cookie = await signIn(t.app, farmer);
      const form = multipartBody({ profile: JSON.stringify(profile) }, validDocuments());
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        headers: { ...form.headers, cookie },
        payload: form.payload,
      });
      return { reply, cookie };
    }

    /** Registers `farmer` as the portal does, with its language when given; the farmer's e-mail and cookie. */
    async function register(farmer: LocalAccount, language?: "en" | "id") {
      const email = `farm-${farmer.address.slice(2, 10).toLowerCase()}@example.id`;
      const profile = { ...registrationProfile({ email }), ...(language ? { language } : {}) };
      const { reply, cookie } = await sendRegistration(farmer, profile);
      expect(reply.statusCode, reply.body).toBe(201);
      return { email, cookie, farmerId: (reply.json() as { farmerId: string }).farmerId };
    }

    it("a registration from the Indonesian portal gets Indonesian e-mails, and so does its buyer", async () => {
      await indexNow(t);
      const farmer = await register(randomAccount(), "id");
      const [verification] = await mailTo(sink, farmer.email, subject("address_verification", "id"));
      await confirmAddress(t, verification!);
      const approve = await t.app.inject({
        method: "POST",
        url: `/api/admin/farmers/${farmer.farmerId}/approve`,
        headers: { cookie: adminCookie },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      await mailTo(sink, farmer.email, subject("kyc_approved", "id"));

      const buyerMail = "keuangan@pangan-id.example";
      const tokenId = await submitWithBuyer(t, farmer.cookie, "NT-ID-1", buyerMail);
      await indexNow(t);
      const link = await t.app.inject({
        method: "POST",
        url: `/api/invoices/${tokenId}/confirmation-link`,
        headers: { cookie: farmer.cookie },
      });
      expect(link.statusCode, link.body).toBe(201);
      await mailTo(sink, buyerMail, "Mohon konfirmasi faktur NT-ID-1 dari Tani Makmur");
      expect(
        sink.messages.filter((mail) => mail.to.includes(farmer.email)).map((mail) => mail.subject),
      ).toEqual([subject("address_verification", "id"), subject("kyc_approved", "id")]);
    });

    it("a rejection for refused items without a reason names them in the farmer's words, with no empty reason", async () => {
      const farmer = await register(randomAccount(), "id");
      const [verification] = await mailTo(sink, farmer.email, subject("address_verification", "id"));
      await confirmAddress(t, verification!);
      const reject = await t.app.inject({
        method: "POST",
        url: `/api/admin/farmers/${farmer.farmerId}/reject`,
        headers: { cookie: adminCookie },
        payload: { refused: { documents: ["npwp"], fields: ["landAreaHectares"] } },
      });
      expect(reject.statusCode, reject.body).toBe(200);
      const [refusal] = await mailTo(sink, farmer.email, "Pendaftaran lahan Anda tidak disetujui");
      expect(refusal!.text).toContain(
        "Anda dapat memperbaikinya dan mendaftar lagi. Ditolak: Kartu NPWP, Luas lahan (hektare).",
      );
      expect(refusal!.text).not.toContain("Alasan");
      const inbox = await t.app.inject({
        method: "GET",
        url: "/api/notifications",
        headers: { cookie: farmer.cookie },
      });
      expect((inbox.json() as { items: { kind: string; params: object }[] }).items).toContainEqual(
        expect.objectContaining({
          kind: "kyc_rejected",
          params: { reason: "", refused: "document.npwp,field.landAreaHectares" },
        }),
      );
    });

    it("a registration that names no language (an older client) stays in English", async () => {
      const farmer = await register(randomAccount());
      await mailTo(sink, farmer.email, subject("address_verification", "en"));
      const preferences = await t.app.inject({
        method: "GET",
        url: "/api/notifications/preferences",
        headers: { cookie: farmer.cookie },
      });
      expect(preferences.json()).toMatchObject({ email: farmer.email, language: "en" });
    });

    it("refuses a language the e-mails are not written in", async () => {
      const profile = { ...registrationProfile({ email: "petani-fr@example.id" }), language: "fr" };
      const { reply } = await sendRegistration(randomAccount(), profile);
      expect(reply.statusCode).toBe(400);
      expect(JSON.stringify(reply.json())).toContain("language");
    });
  },
);
