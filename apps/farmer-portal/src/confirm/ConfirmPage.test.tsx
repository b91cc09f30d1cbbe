import type { ConfirmationView } from "@farm/core";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import ConfirmPage from "./ConfirmPage";
import { confirmationQueryKey } from "./use-confirmation";

afterEach(cleanup);

/** A confirmed invoice's link as the buyer opens it (no route here: the page reads the token ""). */
const view = (status: ConfirmationView["status"]): ConfirmationView => ({
  tokenId: "7",
  invoiceNumber: "INV-7",
  buyerName: "PT Pasar Induk",
  farmBusinessName: "Tani Siti",
  amount: (1000n * 10n ** 18n).toString(),
  dueDate: "2026-07-01",
  description: "",
  status,
  documentHash: `0x${"1".repeat(64)}`,
  document: null,
  expiresAt: "2026-06-10T00:00:00.000Z",
  expired: false,
  decision: {
    decision: "confirmed",
    decidedAt: "2026-06-01T00:00:00.000Z",
    method: "link",
    signer: null,
    signature: null,
    note: null,
  },
  signing: null,
});

describe("the buyer's link once the invoice has ended", () => {
  it("thanks the buyer for a repaid invoice, and never calls a settled default paid", () => {
    renderWithWallet(<ConfirmPage />, [[confirmationQueryKey(""), view("repaid")]], "id");
    expect(screen.getByText("Faktur ini sudah dibayar. Terima kasih.")).toBeTruthy();
    cleanup();
    renderWithWallet(<ConfirmPage />, [[confirmationQueryKey(""), view("settled")]], "id");
    expect(screen.queryByText("Faktur ini sudah dibayar. Terima kasih.")).toBeNull();
    expect(screen.getByText(/tidak dibayar penuh dan gagal bayarnya sudah diselesaikan/)).toBeTruthy();
  });
});
