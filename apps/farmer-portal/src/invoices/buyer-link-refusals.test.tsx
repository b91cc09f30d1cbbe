import type { InvoiceEvidence } from "@farm/core";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvoiceEvidencePanel } from "../admin/InvoiceEvidencePanel";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { BuyerConfirmationPanel } from "./BuyerConfirmationPanel";
import { evidenceQueryKey } from "./use-invoice-evidence";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const evidence = (overrides: Partial<InvoiceEvidence> = {}): InvoiceEvidence => ({
  tokenId: "7",
  buyer: { name: "PT Tani Makmur", contact: "keuangan@tanimakmur.co.id" },
  documents: [],
  documentHashOnChain: null,
  documentAlsoOn: [],
  resubmissionOf: [],
  buyerDomainIsFarmers: false,
  confirmation: {
    status: "none",
    channel: "email",
    sentTo: "k******n@tanimakmur.co.id",
    freeMail: false,
    linkExpiresAt: null,
    decision: null,
  },
  reviews: [],
  ...overrides,
});

describe("the farmer's buyer-link button says why the platform sent no e-mail", () => {
  it.each([
    ["en", 429, "TOO_MANY_CONFIRMATION_LINKS", /Too many confirmation e-mails today.*00:00 UTC/],
    ["id", 429, "TOO_MANY_CONFIRMATION_LINKS", /Terlalu banyak e-mail konfirmasi hari ini.*07\.00 WIB/],
    ["en", 409, "BUYER_OPTED_OUT", /The buyer unsubscribed from confirmation e-mails/],
    ["id", 409, "BUYER_OPTED_OUT", /Pembeli berhenti berlangganan e-mail konfirmasi/],
    ["en", 422, "BUYER_CONTACT_IS_FARMER", /a farmer cannot confirm its own invoice/],
    ["id", 422, "BUYER_CONTACT_IS_FARMER", /petani tidak boleh mengonfirmasi fakturnya sendiri/],
  ] as const)("%s: %i %s", async (language, status, code, words) => {
    vi.stubGlobal("fetch", (_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === "POST"
          ? json(status, { error: { code, message: "The API's English sentence" } })
          : json(200, evidence()),
      ),
    );
    renderWithWallet(<BuyerConfirmationPanel tokenId="7" />, [[evidenceQueryKey("7"), evidence()]], language);
    fireEvent.click(await screen.findByTestId("create-link-7"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(words);
    expect(alert.textContent).not.toContain("The API's English sentence");
  });
});

describe("the admin's evidence of an invoice", () => {
  it("warns when the buyer's address is at the farmer's own e-mail domain", () => {
    renderWithWallet(<InvoiceEvidencePanel evidence={evidence({ buyerDomainIsFarmers: true })} />);
    expect(screen.getByTestId("buyer-domain-is-farmers-7").textContent).toMatch(
      /farmer's own e-mail domain \(tanimakmur\.co\.id\)/,
    );
  });

  it("says nothing of the domain otherwise", () => {
    renderWithWallet(<InvoiceEvidencePanel evidence={evidence()} />);
    expect(screen.queryByTestId("buyer-domain-is-farmers-7")).toBeNull();
  });
});
