import { randomBytes } from "node:crypto";
import { nextUtcMidnight } from "@farm/core";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { farmers, invoiceConfirmationLinks, invoices } from "../src/db/schema";
import { encryptField, fieldKeys } from "../src/documents/field-encryption";
import { notifyBuyerLink } from "../src/notifications/actions";
import { buyerOptedOut, recordBuyerOptOut } from "../src/notifications/buyer-opt-out";
import { buyerRecipient } from "../src/notifications/outbox";
import { notificationAddresses, notificationPreferences, notifications } from "../src/notifications/schema";
import { farmerRow } from "./chain-app";
import { evidenceApp } from "./evidence-app";
import { invoiceDocument, invoiceRequest } from "./fixtures";
import { randomAccount, signIn, testBackends } from "./helpers";
import { mailTo } from "./notifications/notify-fixture";
import { withinOneUtcDay } from "./one-utc-day";

// Each confirmation link is an e-mail the platform sends to an address the farmer typed: capped a day per invoice and
// per farmer, and never again to a buyer that unsubscribed.
withinOneUtcDay();
describe.each(testBackends)(
  "confirmation-link e-mails on $name (anvil)",
  { timeout: 120_000 },
  ({ kind }) => {
    const { e, inject, submit } = evidenceApp(kind, {
      CONFIRMATION_LINKS_PER_INVOICE_PER_DAY: "2",
      CONFIRMATION_LINKS_PER_FARMER_PER_DAY: "5",
    });
    const unique = () => randomBytes(4).toString("hex");

    /** A farmer of its own (the per-farmer count is its alone), signed in. */
    async function freshFarmer() {
      const account = randomAccount();
      const phone = `+62812${String(10_000_000 + randomBytes(3).readUIntBE(0, 3)).slice(0, 8)}`;
      await e.t.app.db
        .insert(farmers)
        .values({ ...farmerRow(account.address), email: `farmer.${unique()}@example.com`, phone });
      return signIn(e.t.app, account);
    }

    async function invoiceTo(cookie: string, buyerContact: string): Promise<string> {
      const reply = await submit(
        [invoiceDocument()],
        invoiceRequest(`CAP-${unique()}`, { buyerContact }),
        cookie,
      );
      expect(reply.statusCode, reply.body).toBe(201);
      return (reply.json() as { tokenId: string }).tokenId;
    }

    const askLink = (tokenId: string, cookie: string) =>
      inject("POST", `/api/invoices/${tokenId}/confirmation-link`, cookie);

    const linkMails = (tokenId: string) =>
      e.t.app.db
        .select({ status: notifications.emailStatus })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, "buyer_confirmation_request"),
            eq(notifications.recipient, buyerRecipient(tokenId)),
          ),
        );

    const tooMany = (
      reply: { statusCode: number; json(): unknown },
      per: "invoice" | "farmer",
      limit: number,
    ) => {
      expect(reply.statusCode).toBe(429);
      expect((reply.json() as { error: unknown }).error).toMatchObject({
        code: "TOO_MANY_CONFIRMATION_LINKS",
        details: { per, limit, retryAt: nextUtcMidnight(new Date()).toISOString() },
      });
    };

    it("sends an invoice's buyer at most the day's links; yesterday's do not count", async () => {
      const cookie = await freshFarmer();
      const buyer = `buyer.${unique()}@pangansejahtera.co.id`;
      const tokenId = await invoiceTo(cookie, buyer);
      for (let n = 0; n < 2; n++) expect((await askLink(tokenId, cookie)).statusCode).toBe(201);
      tooMany(await askLink(tokenId, cookie), "invoice", 2);
      expect(await linkMails(tokenId)).toHaveLength(2);
      await mailTo(e.sink, buyer, "Please confirm invoice", 2);

      const [invoice] = await e.t.app.db
        .select()
        .from(invoices)
        .where(eq(invoices.tokenId, BigInt(tokenId)));
      await e.t.app.db
        .update(invoiceConfirmationLinks)
        .set({ createdAt: new Date(Date.now() - 86_400_000 - 60_000) })
        .where(eq(invoiceConfirmationLinks.invoiceId, invoice!.id));
      expect((await askLink(tokenId, cookie)).statusCode).toBe(201);
      expect(await linkMails(tokenId)).toHaveLength(3);
    });

    it("sends at most the day's links for all of a farmer's invoices; another farmer still sends", async () => {
      const cookie = await freshFarmer();
      const tokens = [];
      for (let n = 0; n < 3; n++) tokens.push(await invoiceTo(cookie, `buyer.${unique()}@example.co.id`));
      for (const sent of [tokens[0]!, tokens[0]!, tokens[1]!, tokens[1]!, tokens[2]!])
        expect((await askLink(sent, cookie)).statusCode).toBe(201);
      tooMany(await askLink(tokens[2]!, cookie), "farmer", 5);
      expect(await linkMails(tokens[2]!)).toHaveLength(1);
      const other = await freshFarmer();
      expect(
        (await askLink(await invoiceTo(other, `buyer.${unique()}@example.co.id`), other)).statusCode,
      ).toBe(201);
    });

    it("counts requests sent at once: exactly the day's links pass", async () => {
      const cookie = await freshFarmer();
      const tokenId = await invoiceTo(cookie, `buyer.${unique()}@example.co.id`);
      const replies = await Promise.all(Array.from({ length: 6 }, () => askLink(tokenId, cookie)));
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 201, 429, 429, 429, 429]);
      expect(await linkMails(tokenId)).toHaveLength(2);
    });

    it("a buyer that unsubscribed gets no further link, from this farmer or another, for any invoice", async () => {
      const buyer = `unsub.${unique()}@bank-example.co.id`;
      const cookie = await freshFarmer();
      const tokenId = await invoiceTo(cookie, buyer);
      expect((await askLink(tokenId, cookie)).statusCode).toBe(201);
      const [mail] = await mailTo(e.sink, buyer, "Please confirm invoice");
      const unsubscribe = new URL(mail!.headers.get("list-unsubscribe")!.replace(/^<|>$/g, ""));
      const oneClick = await e.t.app.inject({
        method: "POST",
        url: unsubscribe.pathname,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      // The address is kept as a keyed digest only.
      const kept = await e.t.app.db.select().from(notificationPreferences);
      expect(JSON.stringify(kept)).not.toContain(buyer);

      const optedOut = (reply: { statusCode: number; json(): unknown }) => {
        expect(reply.statusCode).toBe(409);
        expect((reply.json() as { error: { code: string } }).error.code).toBe("BUYER_OPTED_OUT");
      };
      optedOut(await askLink(tokenId, cookie));
      optedOut(await askLink(await invoiceTo(cookie, buyer), cookie));
      const other = await freshFarmer();
      optedOut(await askLink(await invoiceTo(other, ` ${buyer.toUpperCase()}`), other));
      expect(await linkMails(tokenId)).toHaveLength(1);
      // Another buyer of the same farmer still gets its link.
      expect(
        (await askLink(await invoiceTo(cookie, `other.${unique()}@example.co.id`), cookie)).statusCode,
      ).toBe(201);
    });

    it("a link e-mail queued for a buyer that switched it off is not sent", async () => {
      const cookie = await freshFarmer();
      const buyer = `queued.${unique()}@example.co.id`;
      const tokenId = await invoiceTo(cookie, buyer);
      const [invoice] = await e.t.app.db
        .select()
        .from(invoices)
        .where(eq(invoices.tokenId, BigInt(tokenId)));
      await e.t.app.db
        .insert(notificationPreferences)
        .values({ owner: buyerRecipient(tokenId), kind: "buyer_confirmation_request", email: false });
      await e.t.app.db.transaction((tx) =>
        notifyBuyerLink(tx, e.t.app.emailJobs, e.t.app.config, invoice!, "queued-before-the-switch"),
      );
      await expect
        .poll(async () => (await linkMails(tokenId)).map((row) => row.status), { timeout: 15_000 })
        .toEqual(["skipped"]);
      expect(e.sink.messages.some((mail) => mail.to.includes(buyer))).toBe(false);
    });

    it("an opt-out outlives a key rotation: found under the retired key, it is kept under the new one", async () => {
      const [oldKey, newKey] = ["11".repeat(32), "22".repeat(32)];
      const before = loadConfig({ ENCRYPTION_KEY: oldKey });
      const rotated = loadConfig({ ENCRYPTION_KEY: newKey, ENCRYPTION_OLD_KEYS: oldKey });
      const buyer = `rotated.${unique()}@example.co.id`;
      const recipient = buyerRecipient(BigInt(`9${randomBytes(4).readUInt32BE()}`));
      await e.t.app.db
        .insert(notificationAddresses)
        .values({ owner: recipient, emailEncrypted: encryptField(fieldKeys(before), buyer) });
      await recordBuyerOptOut(e.t.app.db, before, recipient, "buyer_confirmation_request");
      expect(await buyerOptedOut(e.t.app.db, rotated, 1n, buyer.toUpperCase())).toBe(true);
      expect(await buyerOptedOut(e.t.app.db, rotated, 1n, `other.${buyer}`)).toBe(false);
      // The old key dropped: the opt-out was recorded again under the new key.
      expect(await buyerOptedOut(e.t.app.db, loadConfig({ ENCRYPTION_KEY: newKey }), 1n, buyer)).toBe(true);
    });

    it("reads the day's limits from the environment (3 an invoice, 20 a farmer by default)", () => {
      expect(loadConfig({}).invoiceRules).toMatchObject({
        confirmationLinksPerInvoicePerDay: 3,
        confirmationLinksPerFarmerPerDay: 20,
      });
      expect(() => loadConfig({ CONFIRMATION_LINKS_PER_FARMER_PER_DAY: "0" })).toThrow(
        /CONFIRMATION_LINKS_PER_FARMER_PER_DAY/,
      );
    });
  },
);
