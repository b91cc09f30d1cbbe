import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, signInFarmer } from "../chain-app";
import { type FarmChain, startFarmChain } from "../chain-fixture";
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

describe.each(testBackends)(
  "refusals reach the farmer by e-mail on $name (anvil, SMTP)",
  { timeout: 180_000 },
  ({ kind }) => {
    let farm: FarmChain;
    let sink: SmtpSink;
    let t: TestApp;

    beforeAll(async () => {
      farm = await startFarmChain();
      sink = await startSmtpSink();
      t = await startNotifyingApp(farm, kind, sink.url);
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await sink?.stop();
      await farm?.stop();
    });

    it("a rejected registration, a rejected invoice and a disputed invoice each tell the farmer why", async () => {
      // A registration the admin rejects, with its reason.
      const applicant = randomAccount();
      const applicantMail = "applicant@example.id";
      const applicantCookie = await signIn(t.app, applicant);
      const form = multipartBody(
        { profile: JSON.stringify(registrationProfile({ email: applicantMail })) },
        validDocuments(),
      );
      const registered = await t.app.inject({
        method: "POST",
        url: "/api/farmers/register",
        headers: { ...form.headers, cookie: applicantCookie },
        payload: form.payload,
      });
      expect(registered.statusCode).toBe(201);
      const [verification] = await mailTo(sink, applicantMail, "Confirm your e-mail address");
      await confirmAddress(t, verification!);
      const adminCookie = await signIn(t.app, privateKeyToAccount(anvilKeys[0]));
      const { farmerId } = registered.json() as { farmerId: string };
      const rejected = await t.app.inject({
        method: "POST",
        url: `/api/admin/farmers/${farmerId}/reject`,
        headers: { cookie: adminCookie },
        payload: { reason: "The KTP photo is unreadable" },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const [refusal] = await mailTo(sink, applicantMail, "Your farm registration was not approved");
      expect(refusal!.text).toContain("Reason: The KTP photo is unreadable");

      // An invoice the admin rejects on chain, and one the buyer disputes.
      const farmer = randomAccount();
      const { cookie } = await signInFarmer(t, farmer);
      const farmerMail = "farmer-refusals@example.id";
      await withVerifiedAddress(t, sink, farmer, farmerMail, "en", cookie);
      const refused = await submitWithBuyer(t, cookie, "RJ-1", "buyer-refusals@example.com");
      const hash = await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "rejectInvoice",
        args: [refused, "Buyer unknown to us"],
      });
      await waitForReceipt(farm.publicClient, { hash });
      await indexNow(t);
      const [invoiceRefusal] = await mailTo(sink, farmerMail, `Invoice #${refused} was rejected`);
      expect(invoiceRefusal!.text).toContain("Reason: Buyer unknown to us");

      const disputed = await submitWithBuyer(t, cookie, "RJ-2", "buyer-refusals@example.com");
      const link = await t.app.inject({
        method: "POST",
        url: `/api/invoices/${disputed}/confirmation-link`,
        headers: { cookie },
      });
      expect(link.statusCode, link.body).toBe(201);
      const [request] = await mailTo(sink, "buyer-refusals@example.com", "invoice RJ-2 from");
      const token = new URL(linkIn(request!)).pathname.split("/").pop()!;
      const note = "The rice was wet";
      const answer = await t.app.inject({
        method: "POST",
        url: `/api/confirmations/${token}`,
        payload: { decision: "disputed", note },
      });
      expect(answer.statusCode).toBe(200);
      const [dispute] = await mailTo(sink, farmerMail, `Your buyer disputed invoice #${disputed}`);
      expect(dispute!.text).toContain(`Your buyer's note: ${note}`);
    });
  },
);
