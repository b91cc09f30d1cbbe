import { type AdminInvestorVerification, ONE_GOLD } from "@farm/core";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { InvestorCard } from "./InvestorCard";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pending: AdminInvestorVerification = {
  id: "5d0c1f7e-8a47-4b8e-9c3e-1a2b3c4d5e6f",
  wallet: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  status: "pending",
  fullName: "Dewi Lestari",
  nik: "3174015505900002",
  dateOfBirth: "1990-05-15",
  annualIncomeRupiah: "120000000",
  tier: "professional",
  professionalReason: "Licensed securities broker since 2015",
  reason: null,
  ktp: {
    contentType: "image/png",
    sizeBytes: 2048,
    sha256: "a".repeat(64),
    uploadedAt: "2026-11-25T08:00:00.000Z",
  },
  submittedAt: "2026-11-25T08:00:00.000Z",
  reviewedAt: null,
  reviewedBy: null,
  credentialTxHash: null,
  validUntil: null,
  limit: null,
  credential: null,
};

function answer(body: unknown) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
    );
}

describe("an investor verification in the admins' queue", () => {
  it("shows identity, income in Rupiah and the reason, and approves only after asking", async () => {
    const fetch = answer({ ...pending, status: "approved" });
    renderWithWallet(<InvestorCard investor={pending} />);
    const card = screen.getByTestId("investor-card");
    expect(card.textContent).toContain("Dewi Lestari · professional lender");
    expect(card.textContent).toContain("Rp120,000,000");
    expect(card.textContent).toContain("Licensed securities broker since 2015");
    fireEvent.click(screen.getByTestId("approve-investor"));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("confirm-approve-investor"));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/admin/investors/${pending.id}/approve`);
  });

  it("rejects only with a reason the investor will read", async () => {
    const fetch = answer({ ...pending, status: "rejected", reason: "KTP unreadable" });
    renderWithWallet(<InvestorCard investor={pending} />);
    fireEvent.click(screen.getByText("Reject…"));
    fireEvent.click(screen.getByTestId("investor-reason-submit"));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Reason \(the investor will see it\)/), {
      target: { value: "KTP unreadable" },
    });
    fireEvent.click(screen.getByTestId("investor-reason-submit"));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ reason: "KTP unreadable" }));
  });

  it("offers a verified investor's freeze (with a reason) and a move to a checked new wallet", async () => {
    const approved: AdminInvestorVerification = {
      ...pending,
      status: "approved",
      credential: {
        tier: "professional",
        validUntil: "2027-11-25T08:00:00.000Z",
        frozen: false,
        expired: false,
        limit: (1500n * ONE_GOLD).toString(),
        outstanding: (200n * ONE_GOLD).toString(),
        available: (1300n * ONE_GOLD).toString(),
      },
    };
    const fetch = answer(approved);
    renderWithWallet(<InvestorCard investor={approved} />);
    // The test wallet's config has a rate (16,000), so each figure carries its Rupiah.
    expect(screen.getByTestId("investor-credential").textContent).toContain(
      "200 GOLD about Rp3,200,000 / 1,500 GOLD about Rp24,000,000",
    );
    expect(screen.queryByTestId("approve-investor")).toBeNull();
    fireEvent.click(screen.getByText("Move to a new wallet…"));
    fireEvent.change(screen.getByLabelText(/New wallet address/), { target: { value: "0x1234" } });
    fireEvent.click(screen.getByText("Move the credential to this wallet"));
    expect(screen.getByRole("alert").textContent).toContain("0x and 40 hexadecimal characters");
    const wallet = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
    fireEvent.change(screen.getByLabelText(/New wallet address/), { target: { value: wallet } });
    fireEvent.click(screen.getByText("Move the credential to this wallet"));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ wallet }));
    // The form closes once the answer is read, a few ticks after the request: waited for, not assumed.
    expect((await screen.findByTestId("freeze-investor")).textContent).toBe("Freeze…");
  });
});
