import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { and, eq } from "drizzle-orm";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { notifications } from "../src/notifications/schema";
import { indexNow, signInFarmer } from "./chain-app";
import { evidenceApp, invoiceTerms } from "./evidence-app";
import { invoiceDocument } from "./fixtures";
import { randomAccount, testBackends } from "./helpers";

describe.each(testBackends)(
  "one invoice, one document on $name (anvil)",
  { timeout: 120_000 },
  ({ kind }) => {
    const admin = privateKeyToAccount(anvilKeys[0]).address;
    const { e, inject, submit, invoiceRows } = evidenceApp(kind, { ADMIN_ADDRESSES: admin });

    it("refuses near-identical invoice numbers and buyer names (punctuation, spacing, case, PT/PT.)", async () => {
      const first = await submit([invoiceDocument()], { ...invoiceTerms("DUP-1"), buyerName: "PT Dup" });
      expect(first.statusCode, first.body).toBe(201);
      const before = await invoiceRows();
      for (const [invoiceNumber, buyerName] of [
        ["DUP 1", "PT. Dup"],
        ["dup.1", "pt  dup"],
        ["DUP_1", "Dup, PT"],
        ["DUP/1", "P.T. Dup"],
      ] as const) {
        const again = await submit([invoiceDocument()], { ...invoiceTerms(invoiceNumber), buyerName });
        expect(again.statusCode, `${invoiceNumber} / ${buyerName}`).toBe(409);
        expect(again.json().error.code).toBe("DUPLICATE_INVOICE");
      }
      expect(await invoiceRows()).toBe(before);
    });

    it("takes an invoice again, same number, buyer and document, once its earlier submission was rejected", async () => {
      const document = invoiceDocument();
      const terms = { ...invoiceTerms("RE-1"), buyerName: "PT Ulang" };
      const first = await submit([document], terms);
      expect(first.statusCode, first.body).toBe(201);
      const firstToken = BigInt((first.json() as { tokenId: string }).tokenId);
      // While it is pending, the same invoice (with any document) is a duplicate.
      expect((await submit([invoiceDocument()], terms)).json().error.code).toBe("DUPLICATE_INVOICE");
      const hash = await e.farm.admin.writeContract({
        address: e.farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "rejectInvoice",
        args: [firstToken, "The buyer's e-mail address is wrong"],
      });
      await waitForReceipt(e.farm.publicClient, { hash });
      await indexNow(e.t);
      // Rejected: the corrected invoice goes in under a new reference on chain, and the admin sees the earlier one.
      const again = await submit([document], { ...terms, buyerContact: "keuangan@ulang.co.id" });
      expect(again.statusCode, again.body).toBe(201);
      const againToken = (again.json() as { tokenId: string }).tokenId;
      expect(BigInt(againToken)).toBeGreaterThan(firstToken);
      await indexNow(e.t);
      const evidence = (await inject("GET", `/api/invoices/${againToken}/evidence`, e.adminCookie)).json();
      expect(evidence.resubmissionOf).toEqual([String(firstToken)]);
      // The resubmission is live: a third one is a duplicate again, by number and by document.
      expect((await submit([invoiceDocument()], terms)).json().error.code).toBe("DUPLICATE_INVOICE");
      const otherNumber = await submit([document], { ...invoiceTerms("RE-2"), buyerName: "CV Lain" });
      expect(otherNumber.json().error.code).toBe("DUPLICATE_DOCUMENT");
    });

    it("refuses a document already on one of the farmer's invoices, and flags another farmer's use to the admins", async () => {
      const document = invoiceDocument();
      const first = await submit([document], invoiceTerms("DOC-1"));
      expect(first.statusCode, first.body).toBe(201);
      const firstToken = (first.json() as { tokenId: string }).tokenId;

      // The same bytes under another number and buyer, by the same farmer: refused, nothing written or stored.
      const before = { rows: await invoiceRows(), stored: (await e.t.storedKeys()).length };
      const again = await submit([document], { ...invoiceTerms("DOC-2"), buyerName: "CV Lain" });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe("DUPLICATE_DOCUMENT");
      expect(await invoiceRows()).toBe(before.rows);
      expect((await e.t.storedKeys()).length).toBe(before.stored);

      // Another farmer with the same bytes: tokenised, and the admins are told and see it beside the evidence.
      const { cookie: otherCookie } = await signInFarmer(e.t, randomAccount());
      const other = await submit([document], invoiceTerms("DOC-3"), otherCookie);
      expect(other.statusCode, other.body).toBe(201);
      const otherToken = (other.json() as { tokenId: string }).tokenId;
      await indexNow(e.t);
      const forAdmin = (await inject("GET", `/api/invoices/${otherToken}/evidence`, e.adminCookie)).json();
      expect(forAdmin.documentAlsoOn).toEqual([firstToken]);
      const forFarmer = (await inject("GET", `/api/invoices/${otherToken}/evidence`, otherCookie)).json();
      expect(forFarmer.documentAlsoOn).toEqual([]);
      const flagged = await e.t.app.db
        .select({ params: notifications.params })
        .from(notifications)
        .where(
          and(
            eq(notifications.kind, "invoice_document_reused"),
            eq(notifications.recipient, admin.toLowerCase()),
          ),
        );
      expect(flagged.length).toBe(1);
      expect(flagged[0]!.params).toEqual({ tokenId: otherToken, others: `#${firstToken}` });
    });
  },
);
