import { createHash, randomBytes } from "node:crypto";
import { anvilKeys } from "@farm/testkit";
import { eq } from "drizzle-orm";
import { type Hex, verifyTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { invoiceConfirmationLinks, invoices } from "../src/db/schema";
import { buyerRecipient } from "../src/notifications/outbox";
import { notificationAddresses } from "../src/notifications/schema";
import { signInFarmer } from "./chain-app";
import { gold } from "./chain-fixture";
import { buyerContact, evidenceApp, sha256 } from "./evidence-app";
import { buyerDueDate, invoiceDocument, invoiceRequest } from "./fixtures";
import { randomAccount, signIn, testBackends } from "./helpers";
import { linkIn, mailTo } from "./notifications/notify-fixture";

describe.each(testBackends)(
  "buyer confirmation and invoice decisions on $name (anvil)",
  { timeout: 120_000 },
  ({ kind }) => {
    const { e, inject, submit, submitted, link, view, signedDecision } = evidenceApp(kind);

    it("a confirmation link answers once: the buyer sees the document, confirms, then neither answers again nor opens it", async () => {
      const document = invoiceDocument();
      const tokenId = await submitted([document]);
      const token = await link(tokenId);
      const shown = await view(token);
      expect(shown).toMatchObject({
        tokenId: tokenId.toString(),
        invoiceNumber: expect.stringMatching(/^EV-/),
        amount: gold(1500n).toString(),
        dueDate: buyerDueDate,
        documentHash: `0x${sha256(document.data)}`,
        document: { contentType: "application/pdf" },
        decision: null,
        expired: false,
      });
      expect(JSON.stringify(shown)).not.toContain(buyerContact);
      const file = await inject("GET", `/api/confirmations/${token}/document`);
      expect(file.statusCode).toBe(200);
      expect(sha256(file.rawPayload)).toBe(sha256(document.data));
      // Opening the link (a mail scanner does) leaves the buyer's address unverified; the answer verifies it.
      const buyerAddressVerified = async () =>
        (
          await e.t.app.db
            .select({ verifiedAt: notificationAddresses.verifiedAt })
            .from(notificationAddresses)
            .where(eq(notificationAddresses.owner, buyerRecipient(tokenId)))
        )[0]?.verifiedAt != null;
      expect(await buyerAddressVerified()).toBe(false);

      const confirmed = await inject("POST", `/api/confirmations/${token}`, "", { decision: "confirmed" });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await buyerAddressVerified()).toBe(true);
      expect(confirmed.json()).toMatchObject({ decision: "confirmed", method: "link", signer: null });

      const again = await inject("POST", `/api/confirmations/${token}`, "", {
        decision: "disputed",
        note: "not ours",
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe("LINK_ALREADY_USED");
      expect((await inject("GET", `/api/confirmations/${token}/document`)).statusCode).toBe(403);
      const after = await view(token);
      expect(after.document).toBeNull();
      expect(after.decision).toMatchObject({ decision: "confirmed", method: "link" });
      // The farmer sees the answer with its time and method; no new link once answered.
      const evidence = (await inject("GET", `/api/invoices/${tokenId}/evidence`, e.farmerCookie)).json();
      expect(evidence.confirmation).toMatchObject({ status: "confirmed", decision: { method: "link" } });
      expect(Date.parse(evidence.confirmation.decision.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
      const newLink = await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, e.farmerCookie);
      expect(newLink.statusCode).toBe(409);
    });

    it("refuses a buyer signature by the invoice's farmer, another wallet of that farmer, the operator or an admin", async () => {
      const token = await link(await submitted());
      const otherWalletOfFarmer = randomAccount();
      await signInFarmer(e.t, otherWalletOfFarmer);
      for (const signer of [
        e.farmer,
        otherWalletOfFarmer,
        privateKeyToAccount(anvilKeys[1]), // the operator
        privateKeyToAccount(anvilKeys[0]), // an admin on chain
      ]) {
        const signed = await signedDecision(token, signer, "confirmed");
        const refused = await inject("POST", `/api/confirmations/${token}`, "", {
          decision: "confirmed",
          signature: signed.signature,
        });
        expect(refused.statusCode, signer.address).toBe(422);
        expect(refused.json().error.code).toBe("SIGNER_NOT_BUYER");
      }
      // Nothing was recorded: the buyer can still answer.
      expect((await view(token)).decision).toBeNull();
      const buyer = await signedDecision(token, randomAccount(), "confirmed");
      const accepted = await inject("POST", `/api/confirmations/${token}`, "", {
        decision: "confirmed",
        signature: buyer.signature,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it("sends no link to a phone number, marks a free-mail address weaker, and expires links after the configured days", async () => {
      const phone = await submit(
        [invoiceDocument()],
        invoiceRequest("EV-PHONE-1", { buyerContact: "+6281298765432" }),
      );
      expect(phone.statusCode, phone.body).toBe(201);
      const phoneToken = (phone.json() as { tokenId: string }).tokenId;
      const refused = await inject("POST", `/api/invoices/${phoneToken}/confirmation-link`, e.farmerCookie);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe("BUYER_CONTACT_NOT_EMAIL");
      const phoneEvidence = (
        await inject("GET", `/api/invoices/${phoneToken}/evidence`, e.farmerCookie)
      ).json();
      expect(phoneEvidence.confirmation).toMatchObject({ status: "none", channel: "none", sentTo: null });

      const freeMail = await submit(
        [invoiceDocument()],
        invoiceRequest("EV-FREE-1", { buyerContact: "Budi.Pembeli@Gmail.com" }),
      );
      const freeToken = (freeMail.json() as { tokenId: string }).tokenId;
      const sent = await inject("POST", `/api/invoices/${freeToken}/confirmation-link`, e.farmerCookie);
      expect(sent.json()).toMatchObject({
        sentTo: "b**********i@gmail.com",
        emailDomain: "gmail.com",
        freeMail: true,
      });
      const days = (Date.parse(sent.json().expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      const evidence = (await inject("GET", `/api/invoices/${freeToken}/evidence`, e.farmerCookie)).json();
      expect(evidence.confirmation).toMatchObject({
        status: "link_sent",
        channel: "email",
        sentTo: "b**********i@gmail.com",
        freeMail: true,
      });
      const [mail] = await mailTo(e.sink, "budi.pembeli@gmail.com", "invoice EV-FREE-1 from");
      const token = new URL(linkIn(mail!)).pathname.split("/").pop()!;
      expect(
        (await inject("POST", `/api/confirmations/${token}`, "", { decision: "confirmed" })).statusCode,
      ).toBe(200);
      const [row] = await e.t.app.db
        .select({ domain: invoices.buyerEmailDomain })
        .from(invoices)
        .where(eq(invoices.tokenId, BigInt(freeToken)));
      expect(row?.domain).toBe("gmail.com");
      expect(loadConfig({ CONFIRMATION_LINK_TTL_DAYS: "3" }).invoiceRules.confirmationLinkTtlDays).toBe(3);
      expect(() => loadConfig({ CONFIRMATION_LINK_TTL_DAYS: "0" })).toThrow(/CONFIRMATION_LINK_TTL_DAYS/);
    });

    it("lets only one of two simultaneous answers through one link", async () => {
      const token = await link(await submitted());
      const replies = await Promise.all([
        inject("POST", `/api/confirmations/${token}`, "", { decision: "confirmed" }),
        inject("POST", `/api/confirmations/${token}`, "", { decision: "disputed", note: "wrong amount" }),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    });

    it("keeps one live link when the farmer asks for two at once", async () => {
      const tokenId = await submitted();
      const url = `/api/invoices/${tokenId}/confirmation-link`;
      const replies = await Promise.all([
        inject("POST", url, e.farmerCookie),
        inject("POST", url, e.farmerCookie),
      ]);
      expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201]);
      const [invoice] = await e.t.app.db.select().from(invoices).where(eq(invoices.tokenId, tokenId));
      const links = await e.t.app.db
        .select()
        .from(invoiceConfirmationLinks)
        .where(eq(invoiceConfirmationLinks.invoiceId, invoice!.id));
      expect(links).toHaveLength(2);
      expect(links.filter((row) => row.revokedAt === null && row.usedAt === null)).toHaveLength(1);
    });

    it("a link expires, is replaced by a newer one, and cannot be guessed", async () => {
      const tokenId = await submitted();
      const first = await link(tokenId);
      const second = await link(tokenId);
      const replaced = await inject("POST", `/api/confirmations/${first}`, "", { decision: "confirmed" });
      expect(replaced.statusCode).toBe(410);
      expect(replaced.json().error.code).toBe("LINK_REPLACED");

      await e.t.app.db
        .update(invoiceConfirmationLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invoiceConfirmationLinks.tokenHash, createHash("sha256").update(second).digest("hex")));
      expect((await view(second)).expired).toBe(true);
      const expired = await inject("POST", `/api/confirmations/${second}`, "", { decision: "confirmed" });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.code).toBe("LINK_EXPIRED");
      expect((await inject("GET", `/api/confirmations/${second}/document`)).statusCode).toBe(410);
      const evidence = (await inject("GET", `/api/invoices/${tokenId}/evidence`, e.farmerCookie)).json();
      expect(evidence.confirmation.status).toBe("link_expired");

      const guessed = randomBytes(32).toString("base64url");
      expect((await inject("GET", `/api/confirmations/${guessed}`)).statusCode).toBe(404);
      expect(
        (await inject("POST", `/api/confirmations/${guessed}`, "", { decision: "confirmed" })).statusCode,
      ).toBe(404);
      expect((await inject("GET", "/api/confirmations/short")).statusCode).toBe(400);
      // Only a digest is stored: the table holds no usable token.
      const stored = await e.t.app.db.select().from(invoiceConfirmationLinks);
      expect(JSON.stringify(stored)).not.toContain(second);
    });

    it("a wallet-signed confirmation verifies against the buyer's address and cannot be replayed for another invoice", async () => {
      const buyer = randomAccount();
      const first = await link(await submitted());
      const second = await link(await submitted());

      // The signature for the first invoice is refused at the second invoice's link, which stays unanswered.
      const forFirst = await signedDecision(first, buyer, "confirmed");
      const replay = await inject("POST", `/api/confirmations/${second}`, "", {
        decision: "confirmed",
        signature: forFirst.signature,
      });
      expect(replay.statusCode).toBe(422);
      expect(replay.json().error.code).toBe("INVALID_SIGNATURE");
      expect((await view(second)).decision).toBeNull();

      // A signature by one wallet claimed for another is refused.
      const impostor = await signedDecision(first, randomAccount(), "confirmed", buyer.address);
      const refused = await inject("POST", `/api/confirmations/${first}`, "", {
        decision: "confirmed",
        signature: impostor.signature,
      });
      expect(refused.statusCode).toBe(422);
      // Signed for "confirmed", sent as a dispute: refused.
      const flipped = await inject("POST", `/api/confirmations/${first}`, "", {
        decision: "disputed",
        note: "changed my mind",
        signature: forFirst.signature,
      });
      expect(flipped.statusCode).toBe(422);

      const accepted = await inject("POST", `/api/confirmations/${first}`, "", {
        decision: "confirmed",
        signature: forFirst.signature,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const recorded = accepted.json() as { method: string; signer: Hex; signature: Hex };
      expect(recorded).toMatchObject({ method: "wallet_signature", signer: buyer.address });
      // Anyone can check the recorded signature against the buyer's address and the invoice's facts.
      expect(
        await verifyTypedData({
          ...forFirst.typedData,
          address: buyer.address,
          signature: recorded.signature,
        }),
      ).toBe(true);

      // After confirming, the buyer's wallet cannot read the documents through the farmer's routes either.
      const buyerCookie = await signIn(e.t.app, buyer);
      const tokenId = (await view(first)).tokenId;
      expect(
        (await inject("GET", `/api/invoices/${tokenId}/documents/invoice`, buyerCookie)).statusCode,
      ).toBe(403);
      expect((await inject("GET", `/api/confirmations/${first}/document`)).statusCode).toBe(403);
    });

    it("a disputed invoice cannot be approved without a reason: the buyer's answer is shown with the evidence", async () => {
      const tokenId = await submitted();
      const token = await link(tokenId);
      const disputed = await inject("POST", `/api/confirmations/${token}`, "", {
        decision: "disputed",
        note: "We received 150 sacks, not 200",
      });
      expect(disputed.statusCode).toBe(200);
      // Checked before the chain is read: the admin page asks for the reason before sending the approval.
      const noReason = await inject("POST", `/api/admin/invoices/${tokenId}/approval`, e.adminCookie, {
        txHash: `0x${"cd".repeat(32)}`,
      });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().error).toMatchObject({
        code: "APPROVAL_REASON_REQUIRED",
        details: { buyerStatus: "disputed" },
      });
      const evidence = (await inject("GET", `/api/invoices/${tokenId}/evidence`, e.adminCookie)).json();
      expect(evidence.confirmation.decision).toMatchObject({
        decision: "disputed",
        note: "We received 150 sacks, not 200",
      });
      expect(evidence.reviews).toEqual([]);
    });
  },
);
