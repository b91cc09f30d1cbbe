import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { farmers, invoices } from "../src/db/schema";
import { encryptField, fieldKeys } from "../src/documents/field-encryption";
import { buyerRecipient } from "../src/notifications/outbox";
import { notifications } from "../src/notifications/schema";
import { farmerRow } from "./chain-app";
import { evidenceApp } from "./evidence-app";
import { invoiceDocument, invoiceRequest } from "./fixtures";
import { randomAccount, signIn, testBackends } from "./helpers";
import { withVerifiedAddress } from "./notifications/notify-fixture";

// A farmer must not be its invoice's buyer: the e-mailed link would let it confirm its own invoice (decision 0045).
describe.each(testBackends)(
  "a farmer's own contact as its invoice's buyer on $name (anvil)",
  { timeout: 120_000 },
  ({ kind }) => {
    const { e, inject, submit, invoiceRows } = evidenceApp(kind);
    const unique = () => randomBytes(4).toString("hex");
    const phoneDigits = () => String(10_000_000 + randomBytes(3).readUIntBE(0, 3)).slice(0, 8);

    /** A farmer registered straight in the database with its own e-mail and phone (another person), signed in. */
    async function registeredFarmer(email: string, phone = `+62812${phoneDigits()}`) {
      const account = randomAccount();
      await e.t.app.db.insert(farmers).values({ ...farmerRow(account.address), email, phone });
      return { account, cookie: await signIn(e.t.app, account) };
    }

    const submitFor = (cookie: string, buyerContact: string) =>
      submit([invoiceDocument()], invoiceRequest(`SELF-${unique()}`, { buyerContact }), cookie);

    const refusedAsFarmer = (reply: { statusCode: number; json(): unknown }) => {
      expect(reply.statusCode).toBe(422);
      expect((reply.json() as { error: unknown }).error).toMatchObject({
        code: "BUYER_CONTACT_IS_FARMER",
        details: { field: "buyerContact" },
      });
    };

    const linkMailsQueued = async (tokenId: string) =>
      (
        await e.t.app.db
          .select({ n: count() })
          .from(notifications)
          .where(
            and(
              eq(notifications.kind, "buyer_confirmation_request"),
              eq(notifications.recipient, buyerRecipient(tokenId)),
            ),
          )
      )[0]!.n;

    it("refuses at submission the farmer's registered e-mail (any case, spaces) and phone (any form): nothing is tokenised", async () => {
      const email = `siti.${unique()}@tanimakmur.co.id`;
      const farmer = await registeredFarmer(email, "+6281377001122");
      const before = await invoiceRows();
      for (const contact of [`  ${email.toUpperCase()} `, "0813-7700-1122", "+62 813 7700 1122"])
        refusedAsFarmer(await submitFor(farmer.cookie, contact));
      expect(await invoiceRows()).toBe(before);
      // Another address at the same domain is someone else's: accepted.
      expect((await submitFor(farmer.cookie, `finance.${unique()}@tanimakmur.co.id`)).statusCode).toBe(201);
    });

    it("refuses the verified notification address of the farmer's wallet and the e-mail of the same person's other registration", async () => {
      const farmer = await registeredFarmer(`siti.${unique()}@tanimakmur.co.id`, "+6281377003344");
      const notifyMail = `notify.${unique()}@example.org`;
      await withVerifiedAddress(e.t, e.sink, farmer.account, notifyMail, "en", farmer.cookie);
      refusedAsFarmer(await submitFor(farmer.cookie, notifyMail.toUpperCase()));
      // A second registration (another wallet) with the same phone is the same person: its e-mail is the farmer's.
      const otherMail = `siti.other.${unique()}@example.net`;
      await e.t.app.db
        .insert(farmers)
        .values({ ...farmerRow(randomAccount().address), email: otherMail, phone: "+6281377003344" });
      refusedAsFarmer(await submitFor(farmer.cookie, otherMail));
    });

    it("sends no link to another farmer registration's e-mail, nor to the farmer's own on an invoice from before", async () => {
      const other = `budi.${unique()}@ladangbudi.co.id`;
      await registeredFarmer(other);
      const ownMail = `siti.${unique()}@tanimakmur.co.id`;
      const farmer = await registeredFarmer(ownMail);
      // The submission checks only the farmer's own contacts (it would otherwise tell who registered an address).
      const reply = await submitFor(farmer.cookie, ` ${other.toUpperCase()}`);
      expect(reply.statusCode, reply.body).toBe(201);
      const otherFarmers = (reply.json() as { tokenId: string }).tokenId;
      refusedAsFarmer(await inject("POST", `/api/invoices/${otherFarmers}/confirmation-link`, farmer.cookie));
      expect(await linkMailsQueued(otherFarmers)).toBe(0);

      // An invoice stored before the check with the farmer's own address as its buyer's.
      const stored = await submitFor(farmer.cookie, `finance.${unique()}@pangansejahtera.co.id`);
      const ownTokenId = (stored.json() as { tokenId: string }).tokenId;
      await e.t.app.db
        .update(invoices)
        .set({ buyerContactEncrypted: encryptField(fieldKeys(e.t.app.config), ownMail) })
        .where(eq(invoices.tokenId, BigInt(ownTokenId)));
      refusedAsFarmer(await inject("POST", `/api/invoices/${ownTokenId}/confirmation-link`, farmer.cookie));
      expect(await linkMailsQueued(ownTokenId)).toBe(0);
    });

    it("flags to admins only a buyer at the farmer's own company domain, not at a free-mail provider", async () => {
      const company = await registeredFarmer(`siti.${unique()}@tanimakmur.co.id`);
      const free = await registeredFarmer(`siti.${unique()}@gmail.com`);
      const tokenOf = async (cookie: string, contact: string) => {
        const reply = await submitFor(cookie, contact);
        expect(reply.statusCode, reply.body).toBe(201);
        return (reply.json() as { tokenId: string }).tokenId;
      };
      const flagged = async (tokenId: string, cookie: string) => {
        const reply = await inject("GET", `/api/invoices/${tokenId}/evidence`, cookie);
        expect(reply.statusCode, reply.body).toBe(200);
        return (reply.json() as { buyerDomainIsFarmers: boolean }).buyerDomainIsFarmers;
      };
      const sameCompany = await tokenOf(company.cookie, `keuangan.${unique()}@TaniMakmur.co.id`);
      expect(await flagged(sameCompany, e.adminCookie)).toBe(true);
      expect(await flagged(sameCompany, company.cookie)).toBe(false);
      const elsewhere = await tokenOf(company.cookie, `finance.${unique()}@pangansejahtera.co.id`);
      expect(await flagged(elsewhere, e.adminCookie)).toBe(false);
      const bothGmail = await tokenOf(free.cookie, `budi.${unique()}@gmail.com`);
      expect(await flagged(bothGmail, e.adminCookie)).toBe(false);
    });
  },
);
